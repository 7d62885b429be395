import { useState, type ReactNode } from 'react';
import { paragraphsOf } from '@common/rules/book-text';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import styles from '../workspace.module.css';

/**
 * A block of book text with a view mode and an edit mode (textarea + Save). In view mode: a `note`
 * under the text, `actions` beside the Edit button, and `children` below them.
 */
export function EditableSection({
  value,
  label,
  empty,
  onSave,
  maxLength = 20_000,
  note,
  actions,
  children,
}: {
  value: string;
  label: string;
  empty: string;
  onSave: (value: string) => Promise<void> | void;
  maxLength?: number;
  note?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation('workspace');
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [busy, setBusy] = useState(false);
  if (editing) {
    return (
      <div className={styles.textBlock}>
        <textarea
          className={styles.textEditor}
          value={draft}
          aria-label={label}
          maxLength={maxLength}
          rows={8}
          onChange={(e) => setDraft(e.target.value)}
          autoFocus
        />
        <div className={styles.rowActions}>
          <Button
            busy={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await onSave(draft.trim());
              } finally {
                setBusy(false);
                setEditing(false);
              }
            }}
          >
            {t('actions.save')}
          </Button>
          <Button variant="ghost" onClick={() => setEditing(false)}>
            {t('actions.cancel')}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className={styles.textBlock}>
      <div className={styles.chapterText}>
        {value.trim() ? paragraphsOf(value).map((p, i) => <p key={i}>{p}</p>) : <p className={styles.muted}>{empty}</p>}
      </div>
      {note}
      <div className={styles.rowActions}>
        <Button
          variant="secondary"
          onClick={() => {
            setDraft(value);
            setEditing(true);
          }}
        >
          {t('actions.edit_named', { name: label })}
        </Button>
        {actions}
      </div>
      {children}
    </div>
  );
}
