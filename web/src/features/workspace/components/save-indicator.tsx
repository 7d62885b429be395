import { useTranslation } from 'react-i18next';
import type { SaveStatus } from '../model/sync-engine';
import styles from '../workspace.module.css';

/** Saved / saving / offline, always visible near the title. */
export function SaveIndicator({ status, isGuest }: { status: SaveStatus; isGuest: boolean }) {
  const { t } = useTranslation('workspace');
  const text =
    status === 'saved'
      ? isGuest
        ? t('save.saved_here')
        : t('save.saved')
      : status === 'saving'
        ? t('save.saving')
        : status === 'offline'
          ? t('save.offline')
          : t('save.error');
  return (
    <span
      className={`${styles.saveIndicator} ${styles[`save_${status}`]}`}
      role="status"
      aria-live="polite"
      data-testid="save-status"
      data-status={status}
    >
      <span className={styles.saveDot} aria-hidden="true" />
      {text}
    </span>
  );
}
