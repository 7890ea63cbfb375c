import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from './button';
import { PageMeta } from './page-meta';
import { listTexts } from './list-texts';
import styles from './admin-page.module.css';

export interface AdminPageLink {
  to: string;
  icon: LucideIcon;
  label: string;
}

export interface AdminPageProps {
  title: string;
  /** The page's own path, for its (unindexed) canonical address. */
  path: string;
  /** Sibling admin pages, shown as small buttons next to the title. */
  links?: AdminPageLink[];
  /** A short note beside the title, such as a total. */
  aside?: ReactNode;
  children: ReactNode;
}

/**
 * The frame every admin page shares (the router puts it behind the admin guard): its unindexed
 * page title, the heading row with the links to its sibling pages, then the page.
 */
export function AdminPage({ title, path, links = [], aside, children }: AdminPageProps) {
  return (
    <>
      <PageMeta title={title} path={path} noindex />
      <header className={styles.header}>
        <div className={styles.heading}>
          <h1 className={styles.title}>{title}</h1>
          {aside && <span className={styles.aside}>{aside}</span>}
        </div>
        {links.length > 0 && (
          <nav className={styles.links} aria-label={listTexts.otherPages}>
            {links.map(({ to, icon: Icon, label }) => (
              <Link
                key={to}
                to={to}
                className={buttonClass({ variant: 'secondary', size: 'small' })}
              >
                <Icon size={16} aria-hidden />
                {label}
              </Link>
            ))}
          </nav>
        )}
      </header>
      {children}
    </>
  );
}
