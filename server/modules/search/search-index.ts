import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { IndexText, QueryTerm } from './segmenter.ts';

/*
 * Relevance comes from whole words (jieba) alone. Character hits only decide whether a note
 * matches: scored, they would favour short notes on length alone. Notes that match by
 * characters but not by words follow, newest first.
 */
/** PostgreSQL keeps token positions up to 16383. */
const MAX_POSITION = 16383;

export interface SearchHits {
  ids: number[];
  total: number;
}

export interface SearchIndex {
  /** Adds or replaces a published note. */
  put(postId: number, text: IndexText): Promise<void>;
  remove(postId: number): Promise<void>;
  /** Published notes containing every term, best first, recent first among equals. */
  search(terms: QueryTerm[], window: { limit: number; offset: number }): Promise<SearchHits>;
}

// Tokens are letters and digits only (see segmenter.ts), so quoting them is enough to keep
// anything a user typed from being read as query syntax.
const quote = (token: string) => `"${token}"`;

/** FTS5: every term as a phrase over `chars`, or its words over `words` (for the rank). */
export function fts5Match(terms: QueryTerm[]): string {
  return terms
    .map((term) => {
      const phrase = `chars : ${quote(term.chars.join(' '))}`;
      const words = term.words.map(quote).join(' OR ');
      return words ? `(${phrase} OR words : (${words}))` : `(${phrase})`;
    })
    .join(' AND ');
}

const lexeme = (token: string) => `'${token}'`;

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

/** tsquery: each term's characters in sequence (`<->`), all terms required. */
export function charsTsquery(terms: QueryTerm[]): string {
  return terms.map((term) => `(${term.chars.map(lexeme).join(' <-> ')})`).join(' & ');
}

export function wordsTsquery(terms: QueryTerm[]): string {
  const words = [...new Set(terms.flatMap((term) => term.words))];
  return words.length > 0 ? words.map(lexeme).join(' | ') : charsTsquery(terms);
}

function createSqliteIndex(db: Kysely<Database>): SearchIndex {
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
    async search(terms, window) {
      const match = fts5Match(terms);
      const [page, count] = await Promise.all([
        sql<{ id: number }>`SELECT rowid AS id FROM post_fts WHERE post_fts MATCH ${match}
          ORDER BY bm25(post_fts, 1.0, 0.0), rowid DESC
          LIMIT ${window.limit} OFFSET ${window.offset}`.execute(db),
        sql<{
          n: number;
        }>`SELECT count(*) AS n FROM post_fts WHERE post_fts MATCH ${match}`.execute(db),
      ]);
      return { ids: page.rows.map((row) => row.id), total: Number(count.rows[0]?.n ?? 0) };
    },
  };
}

function createPostgresIndex(db: Kysely<Database>): SearchIndex {
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
    async search(terms, window) {
      const chars = charsTsquery(terms);
      const words = wordsTsquery(terms);
      const [page, count] = await Promise.all([
        sql<{ id: number }>`SELECT f.post_id AS id FROM post_fts f JOIN posts p ON p.id = f.post_id
          WHERE f.chars @@ ${chars}::tsquery
          ORDER BY ts_rank(f.words, ${words}::tsquery) DESC,
            p.published_at DESC, f.post_id DESC
          LIMIT ${window.limit} OFFSET ${window.offset}`.execute(db),
        sql<{
          n: number;
        }>`SELECT count(*) AS n FROM post_fts WHERE chars @@ ${chars}::tsquery`.execute(db),
      ]);
      return { ids: page.rows.map((row) => Number(row.id)), total: Number(count.rows[0]?.n ?? 0) };
    },
  };
}

export function createSearchIndex(db: Kysely<Database>, dialect: DialectName): SearchIndex {
  return dialect === 'sqlite' ? createSqliteIndex(db) : createPostgresIndex(db);
}
