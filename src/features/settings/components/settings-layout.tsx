import { Fragment, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { settingsTexts } from '../texts';
import styles from './settings.module.css';

export interface SettingsSection {
  id: string;
  title: string;
  /** One line under the title. */
  description?: string;
  content: ReactNode;
  danger?: boolean;
}

/**
 * The settings page: a side list of sections (a scrolling strip on phones) and the sections
 * as cards. The list follows the section in view.
 */
export function SettingsLayout({ sections }: { sections: SettingsSection[] }) {
  const [current, setCurrent] = useState(sections[0]?.id);

  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.filter((entry) => entry.isIntersecting);
        if (visible.length > 0) setCurrent(visible[0].target.id);
      },
      { rootMargin: '-80px 0px -60% 0px' },
    );
    for (const section of sections) {
      const element = document.getElementById(section.id);
      if (element) observer.observe(element);
    }
    return () => observer.disconnect();
  }, [sections]);

  return (
    <div className={styles.page}>
      <h1 className={styles.pageTitle}>{settingsTexts.title}</h1>
      <div className={styles.layout}>
        <nav className={styles.nav} aria-label={settingsTexts.navLabel}>
          {sections.map((section) => (
            <a
              key={section.id}
              href={`#${section.id}`}
              className={styles.navLink}
              aria-current={current === section.id ? 'location' : undefined}
              onClick={() => setCurrent(section.id)}
            >
              {section.title}
            </a>
          ))}
        </nav>
        <div className={styles.sections}>
          {sections.map((section) => (
            <section
              key={section.id}
              id={section.id}
              className={section.danger ? `${styles.card} ${styles.danger}` : styles.card}
              aria-labelledby={`${section.id}-title`}
            >
              <header className={styles.cardHeader}>
                <h2 id={`${section.id}-title`} className={styles.cardTitle}>
                  {section.title}
                </h2>
                {section.description && <p className={styles.cardText}>{section.description}</p>}
              </header>
              {section.content}
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}

/** Several blocks inside one section, with a rule between them. */
export function SectionParts({ children }: { children: ReactNode[] }) {
  return (
    <div className={styles.parts}>
      {children.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <hr className={styles.divider} />}
          {part}
        </Fragment>
      ))}
    </div>
  );
}

export interface SettingsStateProps {
  error?: unknown;
  onRetry: () => void;
}

/** The page before the account is read: a spinner, or the failure with a retry. */
export function SettingsState({ error, onRetry }: SettingsStateProps) {
  if (!error) {
    return (
      <div className={styles.state}>
        <Spinner label={settingsTexts.loading} size="large" />
      </div>
    );
  }
  return (
    <div className={styles.state} role="alert">
      <p>{error instanceof Error ? error.message : settingsTexts.loadFailed}</p>
      <Button variant="secondary" onClick={onRetry}>
        {settingsTexts.retry}
      </Button>
    </div>
  );
}
