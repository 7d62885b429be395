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
