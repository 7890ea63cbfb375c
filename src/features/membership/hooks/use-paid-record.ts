import { useEffect, useState } from 'react';
import type { Post } from '../../../../contract/post';
import { isPaid, markPaid, paidTime } from '../../../lib/paid-posts';
import { isActivePremium } from '../../../lib/premium';
import { selectUser, useSessionStore } from '../../../stores/session-store';

export type PaidNote = Pick<Post, 'id' | 'price' | 'isPaid' | 'canRead'> & {
  author: Pick<Post['author'], 'id'>;
};

export interface PaidRecord {
  /** The local cache says this user bought the note (null while it is read). */
  cachedPaid: boolean | null;
  /** When, as the cache remembers it. */
  paidAt: string | null;
}

/**
 * The local paid-post record of a note, kept in step with what the server said: a purchase the
 * server confirms (`isPaid`) is recorded; the record never opens a note by itself.
 */
export function usePaidRecord(post: PaidNote): PaidRecord {
  const user = useSessionStore(selectUser);
  const userId = user?.id;
  const [record, setRecord] = useState<PaidRecord & { key: string }>({
    key: '',
    cachedPaid: null,
    paidAt: null,
  });
  const key = `${userId ?? ''}:${post.id}`;
  // A member reads every note without buying it: only real purchases are recorded.
  const bought =
    post.isPaid &&
    post.canRead &&
    post.price > 0 &&
    post.author.id !== userId &&
    !isActivePremium(user);

  useEffect(() => {
    if (!userId) return;
    let live = true;
    void (async () => {
      if (bought) await markPaid(userId, post.id);
      const [cachedPaid, paidAt] = await Promise.all([
        isPaid(userId, post.id),
        paidTime(userId, post.id),
      ]);
      if (live) setRecord({ key, cachedPaid, paidAt });
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [userId, post.id, bought, key]);

  return record.key === key ? record : { cachedPaid: null, paidAt: null };
}
