import { Settings2 } from 'lucide-react';
import { Avatar } from '../../components/avatar';
import { EmptyState } from '../../components/empty-state';
import { PageMeta } from '../../components/page-meta';
import { selectUser, useSessionStore } from '../../stores/session-store';
import { shellTexts } from '../texts';
import styles from './account-pages.module.css';

const texts = shellTexts.settings;
const SECTIONS = ['profile', 'account', 'preferences'] as const;

export default function SettingsPage() {
  const user = useSessionStore(selectUser);
  return (
    <div className={styles.page}>
      <PageMeta title={texts.title} description={texts.description} noindex />
      <h1 className={styles.pageTitle}>{texts.title}</h1>
      <div className={styles.settings}>
        <nav className={styles.sideNav} aria-label={texts.title}>
          {SECTIONS.map((section, index) => (
            <span key={section} className={index === 0 ? styles.sideActive : undefined}>
              {texts.sections[section]}
            </span>
          ))}
        </nav>
        <div className={styles.settingsBody}>
          <section className={`${styles.card} ${styles.hero}`}>
            <Avatar src={user?.avatar} alt={user?.username ?? ''} size={56} />
            <div className={styles.heroText}>
              <p className={styles.name}>{user?.username}</p>
              <p className={styles.status}>{user?.email || texts.emailMissing}</p>
            </div>
          </section>
          <section className={styles.card}>
            <EmptyState
              icon={<Settings2 size={28} />}
              title={texts.emptyTitle}
              description={texts.emptyText}
            />
          </section>
        </div>
      </div>
    </div>
  );
}
