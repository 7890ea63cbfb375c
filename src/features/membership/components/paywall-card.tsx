import { Crown, LockKeyhole } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router-dom';
import { fillText } from '../../../../contract/page-messages';
import { Button } from '../../../components/button';
import { unmarkPaid } from '../../../lib/paid-posts';
import { selectUser, useSessionStore } from '../../../stores/session-store';
import { formatYuan } from '../format';
import { useCheckout } from '../hooks/use-checkout';
import { usePaidRecord } from '../hooks/use-paid-record';
import type { PaidNote } from '../hooks/use-paid-record';
import { membershipTexts } from '../texts';
import { CheckoutDialog } from './checkout-dialog';
import styles from './paywall-card.module.css';

const texts = membershipTexts.paywall;

export interface PaywallCardProps {
  post: PaidNote;
  /** Reads the note again; after a purchase the server sends the whole of it. */
  onUnlock: () => Promise<Pick<PaidNote, 'canRead'> | undefined>;
}

/**
 * Where a paid note's free preview ends: the price, 购买全文 through the payment flow, and a
 * way to membership. Shown only while the server says `canRead: false`.
 */
export function PaywallCard({ post, onUnlock }: PaywallCardProps) {
  const user = useSessionStore(selectUser);
  const titleId = useId();
  const checkout = useCheckout({
    onPaid: () => void onUnlock(),
    onRefused: () => void onUnlock(),
  });
  const { cachedPaid } = usePaidRecord(post);
  const rechecked = useRef(false);

  // The cache says bought but the server sent the preview: the copy may be stale (read
  // offline, or from before the purchase). Ask once more; if still locked, the cache was wrong.
  useEffect(() => {
    if (!cachedPaid || !user || rechecked.current) return;
    rechecked.current = true;
    void onUnlock().then((fresh) => {
      if (fresh && !fresh.canRead) return unmarkPaid(user.id, post.id);
    });
  }, [cachedPaid, user, post.id, onUnlock]);

  const price = formatYuan(post.price);
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <span className={styles.icon} aria-hidden="true">
        <LockKeyhole size={22} />
      </span>
      <h2 id={titleId} className={styles.title}>
        {texts.title}
      </h2>
      <p className={styles.lead}>{cachedPaid ? texts.checking : texts.lead}</p>
      <p className={styles.price}>{fillText(texts.price, { price })}</p>
      <Button
        size="large"
        className={styles.buy}
        loading={checkout.phase.name === 'creating'}
        disabled={checkout.busy}
        aria-label={fillText(texts.buyLabel, { price })}
        onClick={() => void checkout.start({ kind: 'post', postId: post.id })}
      >
        {texts.buy}
      </Button>
      <Link to="/membership" className={styles.member}>
        <Crown size={16} aria-hidden="true" />
        {texts.member}
      </Link>
      <CheckoutDialog checkout={checkout} />
    </section>
  );
}
