import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { PencilIcon } from '../../../components/icons';
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
  elementTiming,
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
  /** The title's `elementtiming` name: the browser reports when it is put on screen (Element Timing). */
  elementTiming?: string;
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
      <Tag className={className} {...(elementTiming ? { elementtiming: elementTiming } : {})}>
        {value}
      </Tag>
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
