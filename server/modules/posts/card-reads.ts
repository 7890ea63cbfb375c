import { batchedById } from './note-page-reads.ts';
import type { CardsRead, CardWithAuthor, PostRepository } from './post-repository.ts';

/** Where a list of cards is read by its notes' ids. */
export interface CardReads {
  cardsByIds(ids: number[]): Promise<CardsRead>;
}

/**
 * The cards that the requests of one turn of the event loop miss in the cache, read in one query
 * (decision 054): under distinct searches each page misses a few cards, and on PostgreSQL each
 * query is a write to its socket on the thread that answers requests. Notes not found, or whose
 * author is gone, are left out; the rest keep the order asked for.
 */
export function batchedCardReads(posts: Pick<PostRepository, 'findCardsWithAuthors'>): CardReads {
  const cardOf = batchedById((ids) => posts.findCardsWithAuthors(ids));
  return {
    async cardsByIds(ids) {
      const found = (await Promise.all(ids.map(cardOf))).filter(
        (card): card is CardWithAuthor => card !== undefined,
      );
      return {
        rows: found.map((card) => card.row),
        authors: new Map(found.map((card) => [card.author.id, card.author])),
      };
    },
  };
}
