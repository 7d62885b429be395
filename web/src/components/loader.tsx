import { useTranslation } from 'react-i18next';
import styles from './loader.module.css';

/**
 * A calm, centred spinner with an accessible label. `fillsScreen`: it stands for a whole page while that
 * page loads, and takes the screen's height, so the footer waits below the fold instead of jumping when
 * the page arrives (issue 17 item 2: layout shift).
 */
export function Loader({ label, fillsScreen = false }: { label?: string; fillsScreen?: boolean }) {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  return (
    <div className={fillsScreen ? `${styles.loader} ${styles.screen}` : styles.loader} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span className={styles.label}>{label ?? (ready ? t('loading') : '')}</span>
    </div>
  );
}
