import { BadgeCheck, Crown } from 'lucide-react';
import { fillText } from '../../../../contract/page-messages';
import { isActivePremium } from '../../../lib/premium';
import { selectUser, useSessionStore } from '../../../stores/session-store';
import { formatDate } from '../format';
import { usePaidRecord } from '../hooks/use-paid-record';
import type { PaidNote } from '../hooks/use-paid-record';
import { badgeTexts as texts } from '../badge-texts';
import styles from './paid-note-badge.module.css';

/** Under a paid note the reader may read: 已购买 (with the date) or 会员免费阅读. */
export function PaidNoteBadge({ post }: { post: PaidNote }) {
  const user = useSessionStore(selectUser);
  const { cachedPaid, paidAt } = usePaidRecord(post);
  if (post.price <= 0 || !post.canRead || !user || post.author.id === user.id) return null;
  if (cachedPaid) {
    const date = formatDate(paidAt);
    return (
      <p className={styles.badge}>
        <BadgeCheck size={16} aria-hidden="true" />
        {date ? fillText(texts.purchasedAt, { date }) : texts.purchased}
      </p>
    );
  }
  if (isActivePremium(user)) {
    return (
      <p className={`${styles.badge} ${styles.member}`}>
        <Crown size={16} aria-hidden="true" />
        {texts.memberRead}
      </p>
    );
  }
  return null;
}
