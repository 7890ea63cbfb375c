import { CompiledQuery, sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import type { ReadPool } from '../../db/read-pool.ts';
import type { Database } from '../../db/schema.ts';
import type { IndexText, SearchTerm } from './segmenter.ts';

/** PostgreSQL keeps token positions up to 16383. */
const MAX_POSITION = 16383;

/** A matching note and its relevance (higher is better). */
export interface SearchHit {
  id: number;
  score: number;
}

/** Which notes a lookup wants: every `required` term and at least one of `anyOf` (if any). */
export interface IndexFilter {
  required: SearchTerm[];
  anyOf: SearchTerm[];
}

export interface SearchIndex {
  /** Adds or replaces a published note. */
  put(postId: number, text: IndexText): Promise<void>;
  remove(postId: number): Promise<void>;
  /**
   * The newest `window` matching notes with their relevance (unsorted). Newest first lets the
   * index stop after `window` matches however common the words are, so relevance is computed
   * for a bounded number of notes (see docs/decisions/015-search-off-the-request-thread.md).
   */
  newest(filter: IndexFilter, window: number): Promise<SearchHit[]>;
  /** How many notes match, counted up to `cap` (an estimate for the page count). */
  count(filter: IndexFilter, cap: number): Promise<number>;
}

// Tokens are letters and digits only (see segmenter.ts), so quoting them is enough to keep
// anything a user typed from being read as query syntax.
const quote = (tokens: string[]) => `"${tokens.join(' ')}"`;
const fts5Term = (term: SearchTerm) => `${term.column} : ${quote(term.tokens)}`;

/** The FTS5 MATCH expression of a filter. */
export function fts5Match(filter: IndexFilter): string {
  const parts = filter.required.map(fts5Term);
  if (filter.anyOf.length > 0) parts.push(`(${filter.anyOf.map(fts5Term).join(' OR ')})`);
  return parts.join(' AND ');
}

/**
 * Relevance: bm25 over whole words (jieba) and over characters, which only quoted phrases and
 * single-character queries look up. A note holding more of the query's words scores higher.
 */
const SQLITE_NEWEST = `SELECT rowid AS id, -bm25(post_fts, 1.0, 0.5) AS score
  FROM post_fts WHERE post_fts MATCH ? ORDER BY rowid DESC LIMIT ?`;
const SQLITE_COUNT = `SELECT count(*) AS n
  FROM (SELECT 1 FROM post_fts WHERE post_fts MATCH ? LIMIT ?)`;

const lexeme = (token: string) => `'${token}'`;

/** How many of the newest notes PostgreSQL reads before asking the GIN index for a conjunction. */
const RECENT_SCAN = 2000;

/** A tsvector literal with positions, built by us so PostgreSQL's parser never splits CJK text. */
export function tsvectorLiteral(tokens: string[]): string {
  const positions = new Map<string, number[]>();
  tokens.forEach((token, index) => {
    const list = positions.get(token) ?? [];
    // tsvector keeps at most 256 positions of one lexeme.
    if (list.length < 256) list.push(Math.min(index + 1, MAX_POSITION));
    positions.set(token, list);
  });
  return [...positions].map(([token, list]) => `${lexeme(token)}:${list.join(',')}`).join(' ');
}

/** A term as a tsquery: its tokens in sequence (`<->`). */
export const termTsquery = (term: SearchTerm) => term.tokens.map(lexeme).join(' <-> ');

function createSqliteIndex(db: Kysely<Database>, reader: ReadPool | null): SearchIndex {
  // Without a pool (a handle made by hand, as the query-plan test does) reads run on the main
  // connection through Kysely, which also logs them.
  const all = <T>(text: string, params: unknown[]): Promise<T[]> =>
    reader
      ? reader.all<T>(text, params)
      : db.executeQuery<T>(CompiledQuery.raw(text, params)).then((result) => result.rows);
  return {
    async put(postId, text) {
      await sql`DELETE FROM post_fts WHERE rowid = ${postId}`.execute(db);
      await sql`INSERT INTO post_fts (rowid, words, chars) VALUES (${postId}, ${text.words}, ${text.chars})`.execute(
        db,
      );
    },
    async remove(postId) {
      await sql`DELETE FROM post_fts WHERE rowid = ${postId}`.execute(db);
    },
    newest: (filter, window) => all<SearchHit>(SQLITE_NEWEST, [fts5Match(filter), window]),
    async count(filter, cap) {
      const [row] = await all<{ n: number }>(SQLITE_COUNT, [fts5Match(filter), cap]);
      return row?.n ?? 0;
    },
  };
}

function createPostgresIndex(db: Kysely<Database>): SearchIndex {
  const matches = (term: SearchTerm) =>
    sql`${sql.ref(term.column)} @@ ${termTsquery(term)}::tsquery`;
  const condition = (filter: IndexFilter) => {
    const parts = filter.required.map(matches);
    if (filter.anyOf.length > 0)
      parts.push(sql`(${sql.join(filter.anyOf.map(matches), sql` OR `)})`);
    return sql.join(parts, sql` AND `);
  };
  // The same weights as bm25 above: whole words count fully, characters half.
  const rank = (filter: IndexFilter) => {
    const terms = [...filter.required, ...filter.anyOf];
    const query = (column: SearchTerm['column']) =>
      terms
        .filter((term) => term.column === column)
        .map(termTsquery)
        .join(' | ');
    const words = query('words');
    const chars = query('chars');
    return sql`${words ? sql`ts_rank(words, ${words}::tsquery)` : sql`0`} +
      ${chars ? sql`0.5 * ts_rank(chars, ${chars}::tsquery)` : sql`0`}`;
  };
  /**
   * The newest `window` matches. A single word or an OR is estimated well, and the planner
   * walks the primary key backwards until it has `window` of them. For all of several words it
   * multiplies their frequencies as if independent and would walk the whole table for a
   * combination no note holds (457 ms at 100 000 notes), while the GIN index alone would
   * fetch every match of a common combination (84 ms for 8 000): look among the newest
   * notes first, and ask the GIN index for all matches only when those were not enough.
   */
  const newestIds = async (filter: IndexFilter, window: number): Promise<number[]> => {
    const ids = (query: ReturnType<typeof sql<{ post_id: number }>>) =>
      query.execute(db).then((result) => result.rows.map((row) => Number(row.post_id)));
    if (filter.anyOf.length > 0 || filter.required.length < 2) {
      return ids(sql`SELECT post_id FROM post_fts WHERE ${condition(filter)}
        ORDER BY post_id DESC LIMIT ${window}`);
    }
    const recent = await ids(sql`SELECT post_id FROM (SELECT post_id, words, chars FROM post_fts
        ORDER BY post_id DESC LIMIT ${RECENT_SCAN}) AS post_fts
      WHERE ${condition(filter)} ORDER BY post_id DESC LIMIT ${window}`);
    if (recent.length >= window) return recent;
    // `post_id + 0` keeps the planner off the backward walk: the GIN index finds the matches.
    return ids(sql`SELECT post_id FROM post_fts WHERE ${condition(filter)}
      ORDER BY post_id + 0 DESC LIMIT ${window}`);
  };
  return {
    async put(postId, text) {
      const words = tsvectorLiteral(text.words.split(' ').filter(Boolean));
      const chars = tsvectorLiteral(text.chars.split(' ').filter(Boolean));
      await sql`INSERT INTO post_fts (post_id, words, chars)
        VALUES (${postId}, ${words}::tsvector, ${chars}::tsvector)
        ON CONFLICT (post_id) DO UPDATE SET words = EXCLUDED.words, chars = EXCLUDED.chars`.execute(
        db,
      );
    },
    async remove(postId) {
      await sql`DELETE FROM post_fts WHERE post_id = ${postId}`.execute(db);
    },
    async newest(filter, window) {
      const ids = await newestIds(filter, window);
      if (ids.length === 0) return [];
      // Relevance only for the notes found, each read once by primary key.
      const result = await sql<SearchHit>`SELECT post_id AS id, ${rank(filter)} AS score
        FROM post_fts WHERE post_id IN (${sql.join(ids)})`.execute(db);
      return result.rows.map((row) => ({ id: Number(row.id), score: Number(row.score) }));
    },
    async count(filter, cap) {
      const result = await sql<{ n: number }>`SELECT count(*) AS n
        FROM (SELECT 1 FROM post_fts WHERE ${condition(filter)} LIMIT ${cap}) AS matches`.execute(
        db,
      );
      return Number(result.rows[0]?.n ?? 0);
    },
  };
}

export function createSearchIndex(
  db: Kysely<Database>,
  dialect: DialectName,
  reader: ReadPool | null = null,
): SearchIndex {
  return dialect === 'sqlite' ? createSqliteIndex(db, reader) : createPostgresIndex(db);
}
