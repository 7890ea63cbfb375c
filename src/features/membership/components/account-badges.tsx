import { Crown, Sparkles } from 'lucide-react';
import { Link } from 'react-router-dom';
import { fillText } from '../../../../contract/page-messages';
import type { User } from '../../../../contract/user';
import { formatCount } from '../../../lib/format';
import { isActivePremium } from '../../../lib/premium';
import { formatDate } from '../format';
import { badgeTexts } from '../badge-texts';
import { ATMOSPHERE_ANCHOR } from '../anchors';
import styles from './account-badges.module.css';

type Account = Pick<User, 'isPremium' | 'premiumEndDate' | 'atmosphereValue'>;

/** The 会员 badge, for an active member only; its name says until when. */
export function MemberBadge({ user, compact = false }: { user: Account; compact?: boolean }) {
  if (!isActivePremium(user)) return null;
  const date = formatDate(user.premiumEndDate);
  const label = date ? fillText(badgeTexts.memberLabel, { date }) : badgeTexts.member;
  return (
    <span className={compact ? `${styles.member} ${styles.compact}` : styles.member} title={label}>
      <Crown size={compact ? 12 : 14} aria-hidden="true" />
      {compact ? <span className="visually-hidden">{label}</span> : badgeTexts.member}
    </span>
  );
}

/** 氛围值 N; with `withRules`, a link to how it is earned. */
export function AtmosphereValue({
  user,
  withRules = false,
}: {
  user: Account;
  withRules?: boolean;
}) {
  return (
    <span className={styles.atmosphere}>
      <Sparkles size={14} aria-hidden="true" />
      {fillText(badgeTexts.atmosphereValue, { value: formatCount(user.atmosphereValue) })}
      {withRules && (
        <Link to={`/help#${ATMOSPHERE_ANCHOR}`} className={styles.rules}>
          {badgeTexts.atmosphereRules}
        </Link>
      )}
    </span>
  );
}

/** Membership and atmosphere on the user's own profile. */
export function AccountStrip({ user }: { user: Account }) {
  const member = isActivePremium(user);
  const date = formatDate(user.premiumEndDate);
  return (
    <div className={styles.strip}>
      {member ? (
        <Link to="/membership" className={styles.stripMember}>
          <Crown size={14} aria-hidden="true" />
          {date ? fillText(badgeTexts.activeUntil, { date }) : badgeTexts.active}
        </Link>
      ) : (
        <Link to="/membership" className={styles.stripJoin}>
          <Crown size={14} aria-hidden="true" />
          {badgeTexts.join}
        </Link>
      )}
      <AtmosphereValue user={user} withRules />
    </div>
  );
}

/** The 会员 badge and 氛围值 side by side (the user menu's summary). */
export function AccountLine({ user }: { user: Account }) {
  return (
    <span className={styles.line}>
      <MemberBadge user={user} />
      <AtmosphereValue user={user} />
    </span>
  );
}
