import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import styles from '../workspace.module.css';

/**
 * A title that becomes an input when edited: Enter or leaving the field saves (trimmed), Escape
 * cancels; an empty value reverts (the caller says why).
 */
export function InlineTitle({
  value,
  onSave,
  onEmpty,
  editLabel,
  inputLabel,
  as: Tag = 'span',
  startEditing = false,
  disabled = false,
  className,
  maxLength = 300,
}: {
  value: string;
  onSave: (value: string) => void;
  onEmpty?: () => void;
  editLabel: string;
  inputLabel: string;
  as?: 'span' | 'h1' | 'h2' | 'h3';
  startEditing?: boolean;
  disabled?: boolean;
  className?: string;
  /** Chapter and question titles: 300; the book's title passes the book-name rule's maximum. */
  maxLength?: number;
}) {
  const [editing, setEditing] = useState(startEditing);
  const [draft, setDraft] = useState(value);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (editing) input.current?.focus();
  }, [editing]);

  const commit = () => {
    const trimmed = draft.trim();
    if (trimmed === '') {
      onEmpty?.();
      setDraft(value);
      if (value.trim() !== '') setEditing(false);
      return;
    }
    setEditing(false);
    if (trimmed !== value) onSave(trimmed);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape') {
      setDraft(value);
      if (value.trim() !== '') setEditing(false);
    }
    event.stopPropagation();
  };

  if (editing) {
    return (
      <input
        ref={input}
        className={[styles.titleInput, className].filter(Boolean).join(' ')}
        value={draft}
        aria-label={inputLabel}
        maxLength={maxLength}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={onKeyDown}
        onClick={(e) => e.stopPropagation()}
      />
    );
  }
  return (
    <span className={styles.inlineTitle}>
      <Tag className={className}>{value}</Tag>
      {!disabled ? (
        <button
          type="button"
          className={styles.iconButton}
          aria-label={editLabel}
          title={editLabel}
          onClick={(e) => {
            e.stopPropagation();
            setDraft(value);
            setEditing(true);
          }}
        >
          <PencilIcon />
        </button>
      ) : null}
    </span>
  );
}

export function PencilIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M12 20h9" />
      <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" />
    </svg>
  );
}

export function LockIcon() {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <rect x="4" y="11" width="16" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}

export function TrashIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M3 6h18" />
      <path d="M8 6V4h8v2" />
      <path d="M19 6l-1 14H6L5 6" />
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
