const line = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round' as const, strokeLinejoin: 'round' as const };

export function LockIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <rect x="5" y="11" width="14" height="10" rx="2" {...line} />
      <path d={open ? 'M8 11V7a4 4 0 0 1 7.5-2' : 'M8 11V7a4 4 0 0 1 8 0v4'} {...line} />
    </svg>
  );
}

export function PrintIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path d="M7 9V3h10v6M7 18H4v-7a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v7h-3" {...line} />
      <rect x="7" y="14" width="10" height="7" {...line} />
    </svg>
  );
}

export function HeadphonesIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path d="M4 17v-4a8 8 0 0 1 16 0v4" {...line} />
      <rect x="3" y="15" width="5" height="6" rx="1.5" {...line} />
      <rect x="16" y="15" width="5" height="6" rx="1.5" {...line} />
    </svg>
  );
}

export function DotsIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
      <circle cx="5" cy="12" r="2" fill="currentColor" />
      <circle cx="12" cy="12" r="2" fill="currentColor" />
      <circle cx="19" cy="12" r="2" fill="currentColor" />
    </svg>
  );
}

/** The default cover: a light book illustration with the book's name. */
export function PlaceholderCover({ title }: { title: string }) {
  return (
    <svg viewBox="0 0 120 160" role="img" aria-label={title} preserveAspectRatio="xMidYMid slice" width="100%" height="100%">
      <rect width="120" height="160" fill="#f3e4d9" />
      <rect x="10" y="10" width="100" height="140" rx="4" fill="none" stroke="#7a3e2b" strokeWidth="1.5" />
      <path
        d="M60 44c-10-8-22-8-30-4v40c8-4 20-4 30 4 10-8 22-8 30-4V40c-8-4-20-4-30 4z"
        fill="#fdf8f1"
        stroke="#7a3e2b"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path d="M60 44v40" stroke="#7a3e2b" strokeWidth="2" />
      <path d="M36 104h48M44 114h32" stroke="#c9a893" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
