import type { ReactNode } from 'react';
import styles from './admin-header.module.css';

/** The heading row of an admin page with a link to its sibling page. */
export function AdminHeader({ title, link }: { title: string; link: ReactNode }) {
  return (
    <header className={styles.header}>
      <h1 className={styles.title}>{title}</h1>
      {link}
    </header>
  );
}
