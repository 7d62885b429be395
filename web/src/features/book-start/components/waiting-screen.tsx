import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WAITING_SCREEN_NOTE_AFTER_SECONDS } from '@common/constants';
import styles from './waiting-screen.module.css';

export function formatElapsed(seconds: number): string {
  const mm = Math.floor(seconds / 60);
  const ss = seconds % 60;
  return `${String(mm).padStart(2, '0')}:${String(ss).padStart(2, '0')}`;
}

/** Full-screen wait while the book is being created: title, mm:ss timer, a note after 180 s. */
export function WaitingScreen() {
  const { t } = useTranslation('books');
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = window.setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 250);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <div className={styles.overlay} role="alertdialog" aria-modal="true" aria-labelledby="waiting-title" aria-describedby="waiting-timer">
      <div className={styles.box}>
        <div className={styles.quill} aria-hidden="true">
          <svg viewBox="0 0 64 64" width="72" height="72">
            <path d="M52 6C34 10 20 24 14 44l-4 14 6-4c2-6 4-10 7-13 10 0 20-6 25-16-5 2-9 2-12 1 6-3 12-9 16-20z" fill="currentColor" />
          </svg>
        </div>
        <h1 id="waiting-title" className={styles.title}>
          {t('waiting.title')}
        </h1>
        <p className={styles.lead}>{t('waiting.lead')}</p>
        <p id="waiting-timer" className={styles.timer} aria-live="off" data-testid="waiting-timer">
          {formatElapsed(seconds)}
        </p>
        {seconds >= WAITING_SCREEN_NOTE_AFTER_SECONDS ? (
          <p className={styles.note} role="status">
            {t('waiting.longer_than_usual')}
          </p>
        ) : null}
      </div>
    </div>
  );
}
