import { Type } from 'typebox';
import { PostCard, PostList } from '../../../contract/post.ts';
import type { SearchHighlights } from '../../../contract/post.ts';
import { schemaWriter } from '../../lib/serialized-schema.ts';
import type { PricedPost } from '../paywall/paywall.ts';
import type { PublicCard } from './present-post.ts';

/** What of a card depends on who reads it (`PostPresenter.readerFlags`). */
const READER_FIELDS = ['isLiked', 'isFavorited', 'isPaid', 'canRead'] as const;
export type ReaderFlags = Pick<PostCard, (typeof READER_FIELDS)[number]>;

/**
 * A page of cards for one reader: the cards as every reader sees them (cached), this reader's
 * flags for each and, for a search, where the query's words are in each.
 */
export interface CardList {
  cards: WrittenCard[];
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

// A card's shared part and the pagination are written by fast-json-stringify from the contract's
// schema, as Fastify writes an answer (serialized-schema.ts), so a field the schema does not name
// is never sent; the reader part, by hand, names its fields one by one (readerPartPieces).
export const everyReaderPart = [...READER_FIELDS, 'highlights'] as const;
const writeShared = schemaWriter(Type.Omit(PostCard, everyReaderPart));
const writePagination = schemaWriter(Type.Omit(PostList, ['posts']));
const POSTS_OPEN = '{"posts":[';
const COMMA = 0x2c;
const CLOSE_BRACKET = 0x5d;

/** The reader part's flags as JSON, by their bits (`flagBits`): 16 texts, made once. */
const FLAGS_JSON = Array.from(
  { length: 16 },
  (_, bits) =>
    `{"isLiked":${(bits & 1) > 0},"isFavorited":${(bits & 2) > 0},"isPaid":${(bits & 4) > 0},"canRead":${(bits & 8) > 0}`,
);
const flagBits = (flags: ReaderFlags) =>
  (flags.isLiked === true ? 1 : 0) |
  (flags.isFavorited === true ? 2 : 0) |
  (flags.isPaid === true ? 4 : 0) |
  (flags.canRead === true ? 8 : 0);

const HIGHLIGHTS_OPEN = ',"highlights":{"title":';
const EXCERPT_OPEN = ',"excerpt":';

/**
 * A card's reader part as the schema's writer writes `Type.Pick(PostCard, everyReaderPart)`, in
 * pieces that `cardListJson` writes one after another: fast-json-stringify's writer, whose arrays
 * of pairs go through its code for any array, took 32 µs for a page of 20 search cards on the
 * thread that answers requests, this 4.7 µs. It writes only booleans and integers, in the
 * schema's order; card-list.test.ts checks the pieces joined against the schema's writer, and
 * that the schema gives a reader part no field it does not write. The flags' texts are made
 * once, and each list of ranges (pairs of integers) is written by JSON.stringify. Joined into one
 * text, piece by piece, a search card's part allocated some 1,300 bytes on that thread (some 17 %
 * of a distinct search's garbage there), and then again as the text was flattened to be written.
 */
export function readerPartPieces(flags: ReaderFlags, highlights?: SearchHighlights): string[] {
  const flagsJson = FLAGS_JSON[flagBits(flags)];
  if (!highlights) return [flagsJson, '}'];
  return [
    flagsJson,
    HIGHLIGHTS_OPEN,
    JSON.stringify(highlights.title),
    EXCERPT_OPEN,
    JSON.stringify(highlights.excerpt),
    '}}',
  ];
}

/**
 * A card as every reader sees it, as pages keep it (note-caches.ts) and `cardListJson` writes
 * it: the UTF-8 JSON of its shared part, without its closing brace, and what the reader part and
 * a search's highlights are worked out from. The card as objects (its row, its fields, its
 * author, category, cover and tags, and their JSON kept beside them) was some 35 objects on the
 * heap of the thread that answers requests: with 12,000 cards cached under distinct searches, a
 * third of the objects its collector marked.
 */
export interface WrittenCard extends PricedPost {
  title: string;
  excerpt: string;
  shared: Buffer;
}

export function writtenCard({ row, card }: PublicCard): WrittenCard {
  return {
    id: row.id,
    author_id: row.author_id,
    price_cents: row.price_cents,
    title: card.title,
    excerpt: card.excerpt,
    shared: Buffer.from(writeShared(card).slice(0, -1)),
  };
}

/**
 * The page as the UTF-8 JSON of the `PostList` schema (each card, its reader's flags and
 * highlights beside its fields, then the pagination), put together
 * from the cards' bytes and each card's reader part. Writing every card anew was a fifth of the
 * request thread's time under distinct searches, and encoding a page's 30 KB of text to send it
 * another tenth (decision 033). Objects are joined by their text: both texts are whole objects,
 * and the shared part is never empty (its fields are required), so the comma always separates
 * two. The page is written into one buffer of its exact size: with a buffer and a joined string
 * for each card, a page of 20 search cards allocated 44 KB and took 33-34 µs; this way 37 KB and
 * 30 µs.
 */
export function cardListJson(list: CardList): Buffer {
  const shared = list.cards.map((card) => card.shared);
  const readers = list.flags.map((flags, at) => readerPartPieces(flags, list.highlights?.[at]));
  const pagination = writePagination({
    total: list.total,
    page: list.page,
    pages: list.pages,
    nextCursor: list.nextCursor,
  });
  let size = POSTS_OPEN.length + 1 + Buffer.byteLength(pagination);
  shared.forEach((bytes, at) => {
    size += (at > 0 ? 1 : 0) + bytes.length;
    for (const piece of readers[at]) size += Buffer.byteLength(piece);
  });
  const page = Buffer.allocUnsafe(size);
  let end = page.write(POSTS_OPEN, 0);
  // A reader part's first piece and the pagination's text each open an object: its opening brace
  // becomes the comma after what comes before it.
  const writeObjectFields = (text: string) => {
    const written = page.write(text, end);
    page[end] = COMMA;
    end += written;
  };
  shared.forEach((bytes, at) => {
    if (at > 0) page[end++] = COMMA;
    end += bytes.copy(page, end);
    const pieces = readers[at];
    writeObjectFields(pieces[0]);
    for (let piece = 1; piece < pieces.length; piece += 1) end += page.write(pieces[piece], end);
  });
  page[end++] = CLOSE_BRACKET;
  writeObjectFields(pagination);
  return page;
}
