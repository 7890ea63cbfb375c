import type { DomainEventBus } from '../../plugins/domain-events.ts';
import type { TtlCache } from '../../lib/ttl-cache.ts';
import type { WrittenCard } from './card-list.ts';

/**
 * A cached card shows its author as they were when it was written: their name, avatar, member
 * badge and pinned note. The note's own writes, likes and comments drop it where they happen
 * (note-writer.ts, post-service.ts, comment-service.ts); these drop every card, as the cache
 * knows its cards by note and such changes are rare. Cards live 30 s (note-caches.ts), too long
 * for a reader who renames themselves to see their old name beside their notes.
 */
export function listenForAuthorChanges(events: DomainEventBus, cards: TtlCache<WrittenCard>) {
  events.on('user.updated', () => cards.clear());
  for (const name of ['order.paid', 'order.refunded'] as const) {
    events.on(name, ({ kind }) => {
      if (kind === 'membership') cards.clear();
    });
  }
}
