import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import styles from './recorder.module.css';

/** The microphone while it cannot be used yet (its code or the speech settings still on their way). */
export function RecorderPending() {
  const { t } = useTranslation('voice');
  return (
    <div className={styles.recorder} data-testid="voice-recorder" data-state="loading">
      <div className={styles.row}>
        <Button variant="secondary" disabled busy>
          {t('record')}
        </Button>
      </div>
    </div>
  );
}
