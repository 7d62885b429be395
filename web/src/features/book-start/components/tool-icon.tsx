/** Light line icons for the writing tools (icon_key from GET /api/tools). */
export function ToolIcon({ iconKey }: { iconKey: string }) {
  const common = {
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 2.2,
    strokeLinecap: 'round' as const,
    strokeLinejoin: 'round' as const,
  };
  return (
    <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
      {iconKey === 'compass' ? (
        <>
          <circle cx="16" cy="16" r="12" {...common} />
          <path d="M20.5 11.5l-3 6-6 3 3-6z" {...common} />
        </>
      ) : iconKey === 'continue' ? (
        <>
          <path d="M6 6h14l6 6v14H6z" {...common} />
          <path d="M11 16h10M17 12l4 4-4 4" {...common} />
        </>
      ) : iconKey === 'polish' ? (
        <>
          <path d="M6 26l12-12 4 4-12 12H6z" {...common} />
          <path d="M22 4l1.5 3L27 8.5 23.5 10 22 13l-1.5-3L17 8.5 20.5 7z" {...common} />
        </>
      ) : (
        <>
          <path d="M7 5h13l5 5v17H7z" {...common} />
          <path d="M11 14h10M11 19h10M11 24h6" {...common} />
        </>
      )}
    </svg>
  );
}
