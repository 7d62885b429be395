import type { ReactNode } from 'react';
import styles from './screen.module.css';

/** The frame of a page: a heading, an optional lead paragraph, then the content. */
export function Screen({
  title,
  lead,
  children,
  width = 'normal',
}: {
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
  width?: 'narrow' | 'normal' | 'wide';
}) {
  return (
    <section className={`${styles.screen} ${styles[width]}`}>
      <h1 className={styles.title}>{title}</h1>
      {lead ? <p className={styles.lead}>{lead}</p> : null}
      {children}
    </section>
  );
}
