import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { IndexText, QueryTerm } from './segmenter.ts';

/** PostgreSQL keeps token positions up to 16383. */
const MAX_POSITION = 16383;

/** A matching note and its relevance (higher is better). */
export interface SearchHit {
  id: number;
  score: number;
}

export interface SearchIndex {
  /** Adds or replaces a published note. */
  put(postId: number, text: IndexText): Promise<void>;
  remove(postId: number): Promise<void>;
  /**
   * The newest `limit` published notes containing every term, with their relevance.
   * Newest first lets the index stop early however common the words are; ranking a
   * bounded set keeps every query's cost bounded too (see docs/decisions/001).
   */
  candidates(terms: QueryTerm[], limit: number): Promise<SearchHit[]>;
}

// Tokens are letters and digits only (see segmenter.ts), so quoting them is enough to keep
// anything a user typed from being read as query syntax.
const quote = (token: string) => `"${token}"`;

/**
 * FTS5: every term must appear, either as a substring (a phrase of its characters) or as all
 * of its words (摄影技巧 also finds 摄影的几个技巧). The words also feed the rank.
 */
export function fts5Match(terms: QueryTerm[]): string {
  return terms
    .map((term) => {
      const phrase = `chars : ${quote(term.chars.join(' '))}`;
      const words = term.words.map(quote).join(' AND ');
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
    async candidates(terms, limit) {
      // Relevance comes from whole words (jieba) alone: character hits only decide whether a
      // note matches; scored, they would favour short notes on length alone.
      const result = await sql<SearchHit>`SELECT rowid AS id, -bm25(post_fts, 1.0, 0.0) AS score
        FROM post_fts WHERE post_fts MATCH ${fts5Match(terms)}
        ORDER BY rowid DESC LIMIT ${limit}`.execute(db);
      return result.rows;
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
    async candidates(terms, limit) {
      // The same rule as fts5Match: each term as a substring, or as all of its words.
      const matches = terms.map((term) => {
        const words = term.words.map(lexeme).join(' & ');
        const phrase = sql`chars @@ ${charsTsquery([term])}::tsquery`;
        return words ? sql`(${phrase} OR words @@ ${words}::tsquery)` : phrase;
      });
      const result = await sql<SearchHit>`SELECT post_id AS id,
          ts_rank(words, ${wordsTsquery(terms)}::tsquery) AS score
        FROM post_fts WHERE ${sql.join(matches, sql` AND `)}
        ORDER BY post_id DESC LIMIT ${limit}`.execute(db);
      return result.rows.map((row) => ({ id: Number(row.id), score: Number(row.score) }));
    },
  };
}

export function createSearchIndex(db: Kysely<Database>, dialect: DialectName): SearchIndex {
  return dialect === 'sqlite' ? createSqliteIndex(db) : createPostgresIndex(db);
}
