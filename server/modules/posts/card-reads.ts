import { turnBatches } from '../../lib/turn-batches.ts';
import { MAX_NOTES_A_QUERY } from './note-page-reads.ts';
import type { CardsRead, PostCardRow, PostRepository } from './post-repository.ts';
import type { AuthorRow } from './present-post.ts';

/** Where a list of cards is read by its notes' ids. */
export type CardReads = Pick<PostRepository, 'cardsByIds'>;

interface CardWithAuthor {
  row: PostCardRow;
  author: AuthorRow;
}

/**
 * The cards that the requests of one turn of the event loop miss in the cache, read in one query
 * (decision 054): under distinct searches each page misses a few cards, and on PostgreSQL each
 * query is a write to its socket on the thread that answers requests.
 */
export function batchedCardReads(posts: CardReads): CardReads {
  const cardOf = turnBatches<number, CardWithAuthor | undefined>(
    async (ids) => {
      const { rows, authors } = await posts.cardsByIds([...new Set(ids)]);
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => {
        const row = byId.get(id);
        const author = row && authors.get(row.author_id);
        return row && author && { row, author };
      });
    },
    { maxBatchSize: MAX_NOTES_A_QUERY },
  );
  return {
    async cardsByIds(ids: number[]): Promise<CardsRead> {
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
