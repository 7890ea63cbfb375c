import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { siteTexts } from '../../../lib/texts';
import styles from './auth-card.module.css';

export interface AuthCardProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** The frame of the pages without the common layout: logo, a centred card, a footer line. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <div className={styles.page}>
      {/* Landmarks by role: these pages have no common layout, whose <header> tells them apart. */}
      <div role="banner" className={styles.masthead}>
        <Link to="/" className={styles.brand}>
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>{siteTexts.name}</span>
        </Link>
      </div>
      <main className={styles.card}>
        <h1 className={styles.title}>{title}</h1>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        {children}
      </main>
      {footer && (
        <div role="contentinfo" className={styles.footer}>
          {footer}
        </div>
      )}
    </div>
  );
}
