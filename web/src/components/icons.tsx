import { lineIcon } from './line-icon';

export function LockIcon({ open = false }: { open?: boolean }) {
  return (
    <svg {...lineIcon({ width: 22, height: 22 })}>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d={open ? 'M8 11V7a4 4 0 0 1 7.5-2' : 'M8 11V7a4 4 0 0 1 8 0v4'} />
    </svg>
  );
}

export function PencilIcon() {
  return (
    <svg {...lineIcon({ width: 20, height: 20 })}>
      <path d="M12 20h9" />
      <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" />
    </svg>
  );
}

export function TrashIcon() {
  return (
    <svg {...lineIcon({ width: 20, height: 20 })}>
      <path d="M3 6h18" />
      <path d="M8 6V4h8v2" />
      <path d="M19 6l-1 14H6L5 6" />
    </svg>
  );
}

export function PrintIcon() {
  return (
    <svg {...lineIcon({ width: 22, height: 22 })}>
      <path d="M7 9V3h10v6M7 18H4v-7a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v7h-3" />
      <rect x="7" y="14" width="10" height="7" />
    </svg>
  );
}

export function HeadphonesIcon() {
  return (
    <svg {...lineIcon({ width: 22, height: 22 })}>
      <path d="M4 17v-4a8 8 0 0 1 16 0v4" />
      <rect x="3" y="15" width="5" height="6" rx="1.5" />
      <rect x="16" y="15" width="5" height="6" rx="1.5" />
    </svg>
  );
}

export function MicrophoneIcon({ className }: { className?: string }) {
  return (
    <svg {...lineIcon({ className })}>
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5 11a7 7 0 0 0 14 0M12 18v3M8 21h8" />
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

export function GripIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      {[5, 12, 19].flatMap((y) => [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.8" />))}
    </svg>
  );
}
