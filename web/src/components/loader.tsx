import { useTranslation } from 'react-i18next';
import styles from './loader.module.css';

/** A calm, centred spinner with an accessible label. */
export function Loader({ label }: { label?: string }) {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  return (
    <div className={styles.loader} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span className={styles.label}>{label ?? (ready ? t('loading') : '')}</span>
    </div>
  );
}
