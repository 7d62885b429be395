import type { ReactNode } from 'react';
import styles from './layout.module.css';

export function Layout({ children }: { children: ReactNode }) {
  return (
    <div className={styles.page}>
      <main className={styles.main}>{children}</main>
    </div>
  );
}
