import { describe, expect, it } from 'vitest';
import type { WrittenCard } from './card-list.ts';
import { createNoteCaches } from './note-caches.ts';

const cardOf = (id: number): WrittenCard => ({
  id,
  author_id: 1,
  price_cents: 0,
  title: `note ${id}`,
  excerpt: '',
  shared: Buffer.from('{}'),
});

describe('note caches', () => {
  it("drops the lists and the written note's card on a write, and keeps the other cards", async () => {
    const ranked = { cleared: 0, clear: () => (ranked.cleared += 1) };
    const caches = createNoteCaches([ranked]);
    await caches.cards.many(['1', '2'], async (ids) => new Map(ids.map((id) => [id, cardOf(+id)])));
    await caches.feedTotals.get('all', async () => 2);
    await caches.feedPages.get('page', async () => ({ cards: [cardOf(1)], next: null }));

    caches.noteChanged(1);

    const reloaded: string[] = [];
    await caches.cards.many(['1', '2'], async (ids) => {
      reloaded.push(...ids);
      return new Map(ids.map((id) => [id, cardOf(+id)]));
    });
    expect(reloaded).toEqual(['1']);
    expect([caches.feedTotals.size, caches.feedPages.size, ranked.cleared]).toEqual([0, 0, 1]);
  });
});
