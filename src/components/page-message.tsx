import type { ReactNode } from 'react';
import styles from './page-message.module.css';

export interface PageMessageProps {
  icon: ReactNode;
  title: string;
  text: string;
  /** The ways on (buttons or links). */
  actions: ReactNode;
  /** Shown above the icon, e.g. a large 404. */
  banner?: ReactNode;
  role?: 'alert';
  className?: string;
}

/** A whole page that says one thing: the 404 page, a page whose code could not load. */
export function PageMessage({
  icon,
  title,
  text,
  actions,
  banner,
  role,
  className,
}: PageMessageProps) {
  return (
    <section className={[styles.page, className].filter(Boolean).join(' ')} role={role}>
      {banner}
      <div className={styles.icon} aria-hidden="true">
        {icon}
      </div>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.text}>{text}</p>
      <div className={styles.actions}>{actions}</div>
    </section>
  );
}
