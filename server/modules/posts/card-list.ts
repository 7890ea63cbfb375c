import fastJson from 'fast-json-stringify';
import { Type } from 'typebox';
import { PostCard, PostList } from '../../../contract/post.ts';
import type { SearchHighlights } from '../../../contract/post.ts';
import { serializedSchema } from '../../lib/serialized-schema.ts';
import type { PublicCard } from './present-post.ts';

/** What of a card depends on who reads it (`PostPresenter.readerFlags`). */
const READER_FIELDS = ['isLiked', 'isFavorited', 'isPaid', 'canRead'] as const;
export type ReaderFlags = Pick<PostCard, (typeof READER_FIELDS)[number]>;

/**
 * A page of cards for one reader: the cards as every reader sees them (cached), this reader's
 * flags for each and, for a search, where the query's words are in each.
 */
export interface CardList {
  cards: PublicCard[];
  /** In the order of `cards`. */
  flags: ReaderFlags[];
  /** In the order of `cards`; search pages only. */
  highlights?: SearchHighlights[];
  total: number;
  page: number;
  pages: number;
  /** The feeds' cursor of the next page (null on the last); other lists have none. */
  nextCursor?: string | null;
}

/** The page as the API's `PostList`. */
export function cardListValue(list: CardList): PostList {
  return {
    posts: list.cards.map(({ card }, at) => ({
      ...card,
      ...list.flags[at],
      ...(list.highlights && { highlights: list.highlights[at] }),
    })),
    total: list.total,
    page: list.page,
    pages: list.pages,
    ...(list.nextCursor !== undefined && { nextCursor: list.nextCursor }),
  };
}

// Each part is written by fast-json-stringify from the contract's schema, as Fastify writes an
// answer (serialized-schema.ts), so a field the schema does not name is never sent.
const writerOf = (schema: unknown): ((value: object) => string) =>
  fastJson(serializedSchema(schema) as object);
const everyReaderPart = [...READER_FIELDS, 'highlights'] as const;
const writeShared = writerOf(Type.Omit(PostCard, everyReaderPart));
const writeReaderPart = writerOf(Type.Pick(PostCard, everyReaderPart));
const writePagination = writerOf(Type.Omit(PostList, ['posts']));

/**
 * The JSON of each card's shared part, without its closing brace, written once per card object:
 * cards are cached (note-caches.ts), so a page of them is mostly cards written before.
 */
const sharedTexts = new WeakMap<PublicCard, string>();

function sharedText(card: PublicCard): string {
  let text = sharedTexts.get(card);
  if (text === undefined) {
    text = writeShared(card.card).slice(0, -1);
    sharedTexts.set(card, text);
  }
  return text;
}

/**
 * The page as the JSON of `cardListValue(list)` under the `PostList` schema, put together from
 * the cards' texts and each card's reader part. Writing every card anew was a fifth of the
 * request thread's time under distinct searches (decision 033); joining objects by their text
 * is the one thing here that fast-json-stringify does not do: both texts are whole objects, and
 * the shared part is never empty (its fields are required), so the comma always separates two.
 */
export function cardListText(list: CardList): string {
  const posts = list.cards.map((card, at) => {
    const reader = writeReaderPart({
      ...list.flags[at],
      ...(list.highlights && { highlights: list.highlights[at] }),
    });
    return `${sharedText(card)},${reader.slice(1)}`;
  });
  const pagination = writePagination({
    total: list.total,
    page: list.page,
    pages: list.pages,
    nextCursor: list.nextCursor,
  });
  return `{"posts":[${posts.join(',')}],${pagination.slice(1)}`;
}
