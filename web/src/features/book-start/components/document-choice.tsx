import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import styles from './options-form.module.css';

/**
 * The Word document the book starts from (optional): picked (`onPick`, null when the picker is closed
 * without a file), shown by name, removed. Other files are refused.
 */
export function DocumentChoice({
  file,
  onPick,
  onRemove,
}: {
  file: File | null;
  onPick: (file: File | null) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('books');
  const id = useId();
  return (
    <div className={styles.upload}>
      <label htmlFor={id} className={styles.heading}>
        {t('options.document_title')}
      </label>
      <p className={styles.muted}>{t('options.document_hint')}</p>
      <div className={styles.uploadRow}>
        <label className={styles.fileButton}>
          <input
            id={id}
            type="file"
            accept=".doc,.docx,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
            className="visually-hidden"
            data-testid="document-input"
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null;
              if (chosen && !/\.docx?$/i.test(chosen.name)) toast.error(t('options.document_wrong_type'));
              else onPick(chosen);
              e.target.value = '';
            }}
          />
          {t('options.document_choose')}
        </label>
        {file ? (
          <span className={styles.fileName}>
            {file.name}
            <button type="button" className={styles.linkButton} onClick={onRemove}>
              {t('options.document_remove')}
            </button>
          </span>
        ) : (
          <span className={styles.muted}>{t('options.document_none')}</span>
        )}
      </div>
    </div>
  );
}
