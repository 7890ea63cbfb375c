import { Crown } from 'lucide-react';
import type { MembershipStatus } from '../../../../contract/membership';
import { fillText } from '../../../../contract/page-messages';
import type { User } from '../../../../contract/user';
import { Avatar } from '../../../components/avatar';
import { formatDate } from '../format';
import { membershipTexts } from '../texts';
import styles from './membership-hero.module.css';

const texts = membershipTexts;

export interface MembershipHeroProps {
  user: User;
  /** The server's answer; until it comes, the stored user speaks. */
  status: MembershipStatus | undefined;
}

/** The top of /membership: who, and whether (and until when) they are a member. */
export function MembershipHero({ user, status }: MembershipHeroProps) {
  const active = status ? status.isPremium : user.isPremium;
  const endDate = formatDate(status ? status.premiumEndDate : user.premiumEndDate);
  return (
    <section className={active ? `${styles.hero} ${styles.active}` : styles.hero}>
      <div className={styles.who}>
        <span className={styles.avatar}>
          <Avatar src={user.avatar} alt="" size={56} />
          {active && (
            <span className={styles.crown} aria-hidden="true">
              <Crown size={14} />
            </span>
          )}
        </span>
        <div className={styles.text}>
          <h1 className={styles.title}>{texts.page.heading}</h1>
          <p className={styles.lead}>{texts.page.lead}</p>
        </div>
      </div>
      <div className={styles.status} role="status">
        <span className={styles.state}>
          <Crown size={16} aria-hidden="true" />
          {active ? texts.status.active : texts.status.inactive}
        </span>
        <span className={styles.detail}>
          {active && endDate
            ? fillText(texts.status.activeUntil, { date: endDate })
            : texts.status.inactiveHint}
          {active && status && status.daysLeft > 0 && (
            <> · {fillText(texts.status.daysLeft, { days: status.daysLeft })}</>
          )}
        </span>
      </div>
    </section>
  );
}
