/** The two card networks the payment forms accept, as icons. */
export function CardBrands({ label, className }: { label: string; className?: string }) {
  return (
    <div className={className} role="group" aria-label={label}>
      <CardIcon label="VISA" colour="#1a1f71" />
      <CardIcon label="Mastercard" colour="#eb001b" />
    </div>
  );
}

function CardIcon({ label, colour }: { label: string; colour: string }) {
  return (
    <svg width="64" height="40" viewBox="0 0 64 40" role="img" aria-label={label}>
      <rect x="1" y="1" width="62" height="38" rx="6" fill="#fff" stroke="#d6cfc7" />
      {label === 'VISA' ? (
        <text
          x="32"
          y="26"
          textAnchor="middle"
          fontFamily="Arial, sans-serif"
          fontWeight="700"
          fontStyle="italic"
          fontSize="15"
          fill={colour}
        >
          VISA
        </text>
      ) : (
        <>
          <circle cx="26" cy="20" r="10" fill={colour} />
          <circle cx="38" cy="20" r="10" fill="#f79e1b" fillOpacity="0.85" />
        </>
      )}
    </svg>
  );
}
