import { useTranslation } from 'react-i18next';
import styles from './book-card.module.css';

/** Circular completion percentage. */
export function ProgressRing({ percent, size = 64 }: { percent: number; size?: number }) {
  const { t } = useTranslation('books');
  const radius = 26;
  const circumference = 2 * Math.PI * radius;
  return (
    <div className={styles.ring} style={{ width: size, height: size }} role="img" aria-label={t('my_books.progress', { percent })}>
      <svg viewBox="0 0 64 64" width={size} height={size} aria-hidden="true">
        <circle cx="32" cy="32" r={radius} className={styles.ringTrack} />
        <circle
          cx="32"
          cy="32"
          r={radius}
          className={styles.ringValue}
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - percent / 100)}
          transform="rotate(-90 32 32)"
        />
      </svg>
      <span className={styles.ringLabel} aria-hidden="true">
        {percent}%
      </span>
    </div>
  );
}
