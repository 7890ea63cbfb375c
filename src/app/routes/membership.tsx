import { Crown, Gem } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Avatar } from '../../components/avatar';
import { buttonClass } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { PageMeta } from '../../components/page-meta';
import { selectUser, useSessionStore } from '../../stores/session-store';
import { shellTexts } from '../texts';
import styles from './account-pages.module.css';

const texts = shellTexts.membership;

export default function MembershipPage() {
  const user = useSessionStore(selectUser);
  const until = user?.premiumEndDate
    ? new Date(user.premiumEndDate).toLocaleDateString('zh-CN')
    : '';
  return (
    <div className={styles.page}>
      <PageMeta title={texts.title} description={texts.description} />
      <section className={`${styles.card} ${styles.hero}`}>
        <Avatar src={user?.avatar} alt={user?.username ?? ''} size={56} />
        <div className={styles.heroText}>
          <h1 className={styles.title}>{texts.title}</h1>
          <p className={styles.status}>
            <Crown size={16} aria-hidden="true" />
            {user?.isPremium
              ? `${texts.active}${until ? ` · ${texts.activeUntil(until)}` : ''}`
              : texts.inactive}
          </p>
        </div>
      </section>
      <section className={styles.card} aria-labelledby="benefits-title">
        <h2 id="benefits-title" className={styles.sectionTitle}>
          {texts.benefitsTitle}
        </h2>
        <ul className={styles.benefits}>
          {texts.benefits.map((benefit) => (
            <li key={benefit.title}>
              <strong>{benefit.title}</strong>
              <span>{benefit.text}</span>
            </li>
          ))}
        </ul>
      </section>
      <section className={styles.card}>
        <EmptyState
          icon={<Gem size={28} />}
          title={texts.emptyTitle}
          description={texts.emptyText}
          action={
            <Link to="/" className={buttonClass({ variant: 'secondary' })}>
              {texts.browse}
            </Link>
          }
        />
      </section>
    </div>
  );
}
