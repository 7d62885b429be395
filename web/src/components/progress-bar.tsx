import styles from './progress-bar.module.css';

/**
 * A labelled progress bar (0–100), the one of every screen: the book's progress in the workspace,
 * the audiobook being made (workspace line and audiobook page). `tone`: the book's own progress is
 * green ('success'), work the server is doing is in the accent colour. Layout (width, margins) comes
 * from the caller's `className`.
 */
export function ProgressBar({
  value,
  label,
  tone = 'accent',
  className,
}: {
  value: number;
  label: string;
  tone?: 'accent' | 'success';
  className?: string;
}) {
  const percent = Math.round(Math.min(100, Math.max(0, value)));
  return (
    <div
      className={`${styles.track} ${styles[tone]} ${className ?? ''}`}
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-label={label}
    >
      <span className={styles.fill} style={{ width: `${percent}%` }} />
    </div>
  );
}
