import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './cover-upload.module.css';

/** The cover box: a large tappable area, the preview once chosen, and a remove button. */
export function CoverUpload({
  preview,
  onFile,
  onRemove,
  error,
}: {
  preview: string | null;
  onFile: (file: File) => void;
  onRemove: () => void;
  error?: string | null;
}) {
  const { t } = useTranslation('books');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className={styles.wrap}>
      <label htmlFor={id} className={`${styles.box} ${preview ? styles.filled : ''}`} data-testid="cover-box">
        {preview ? (
          <img src={preview} alt={t('options.cover_preview_alt')} className={styles.image} />
        ) : (
          <span className={styles.empty}>
            <svg viewBox="0 0 48 48" width="44" height="44" aria-hidden="true">
              <rect x="6" y="8" width="36" height="32" rx="4" fill="none" stroke="currentColor" strokeWidth="2.5" />
              <circle cx="17" cy="19" r="4" fill="currentColor" />
              <path d="M8 36l11-11 8 8 5-5 9 9" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinejoin="round" />
            </svg>
            <span className={styles.label}>{t('options.cover_add')}</span>
            <span className={styles.hint}>{t('options.cover_hint')}</span>
          </span>
        )}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/jpeg,image/png,.jpg,.jpeg,.png"
        className="visually-hidden"
        aria-label={t('options.cover_add')}
        data-testid="cover-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
          event.target.value = '';
        }}
      />
      {preview ? (
        <button type="button" className={styles.remove} onClick={onRemove}>
          {t('options.cover_remove')}
        </button>
      ) : null}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
