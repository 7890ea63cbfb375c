import { availableParallelism } from 'node:os';
import { CompiledQuery, sql } from 'kysely';
import type { Kysely } from 'kysely';
import pLimit from 'p-limit';
import type { DialectName } from '../../db/database.ts';
import { PLANNED_EACH_TIME } from '../../db/named-statements.ts';
import type { PostingsThread } from '../../db/postings-thread.ts';
import type { ReadPool, TextRanking } from '../../db/read-pool.ts';
import { scoreRow } from '../../db/row-score.js';
import type { RowScoring } from '../../db/row-score.js';
import type { Database } from '../../db/schema.ts';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import { indexChanges, recordIndexWrite } from './index-changes.ts';
import { createPostgresPostings } from './postgres-postings.ts';
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
   * for a bounded number of notes (see docs/decisions/015-search-relevance-and-read-pool.md).
   */
  newest(filter: IndexFilter, window: number): Promise<SearchHit[]>;
  /** How many notes match, counted up to `cap` (an estimate for the page count). */
  count(filter: IndexFilter, cap: number): Promise<number>;
  /**
   * A query's text cut on the thread that ranks it and, when it is of whole words alone, ranked
   * there over every note holding one of them: those holding all of them first, each tier by
   * relevance, from postings held in memory by that thread (SQLite's read workers, the ranking
   * thread on PostgreSQL). One trip to that thread where cutting the words on the segmenter
   * thread took another (docs/decisions/044 and 047).
   */
  rankText?(
    text: string,
    page: { offset: number; limit: number },
    cap: number,
  ): Promise<TextRanking>;
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
 * Relevance is BM25 over whole words (jieba) and, at half weight, over characters, which only
 * quoted phrases and single-character queries look up; a note holding more of the query's
 * words scores higher. It is computed from the candidates' texts (row-score.js) with document
 * counts cached here, rather than by FTS5's bm25(), which counts them anew on every query.
 */
/** The candidates with the texts of the columns their terms are in (a column is ~1.5 KB). */
const sqliteCandidates = (columns: string[]) => `SELECT rowid AS id, ${columns.join(', ')}
  FROM post_fts WHERE post_fts MATCH ? ORDER BY rowid DESC LIMIT ?`;
const SQLITE_COUNT = `SELECT count(*) AS n
  FROM (SELECT 1 FROM post_fts WHERE post_fts MATCH ? LIMIT ?)`;
/** A term's first `SAMPLED_MATCHES` matches and the highest note id among them. */
export const SQLITE_DOCUMENT_SAMPLE = `SELECT count(*) AS n, max(rowid) AS reach
  FROM (SELECT rowid FROM post_fts WHERE post_fts MATCH ? LIMIT ?)`;
const SQLITE_STATS = `SELECT (SELECT count(*) FROM post_fts_docsize) AS n,
  (SELECT min(id) FROM post_fts_docsize) AS first, (SELECT max(id) FROM post_fts_docsize) AS last,
  avg(length(words)) AS words, avg(length(chars)) AS chars
  FROM (SELECT words, chars FROM post_fts ORDER BY rowid DESC LIMIT 500)`;

/**
 * How many matches a term's document count is read from: counting every match took a pass over
 * all of them, 8-9 ms for a common character (的, 周末) at 100,000 notes, 31 ms the first time,
 * for every distinct quoted phrase or query of characters; 256 take 0.1-0.3 ms, and estimate a
 * common term's count within 7 % (docs/decisions/074).
 */
export const SAMPLED_MATCHES = 256;

/** The indexed notes: how many, and their lowest and highest ids. */
export interface IndexedNotes {
  n: number;
  first: number;
  last: number;
}

/**
 * A term's document count from its first `limit` matches (`sample`, ascending ids up to
 * `reach`): exact when it has fewer, else scaled by the share of the notes' ids they spanned,
 * as if the term were spread evenly over them. At most the number of notes.
 */
export function estimatedDocumentCount(
  sample: { n: number; reach: number | null },
  limit: number,
  notes: IndexedNotes,
): number {
  if (sample.n < limit || sample.reach === null) return sample.n;
  const spanned = Math.max(1, sample.reach - notes.first + 1);
  const ids = Math.max(spanned, notes.last - notes.first + 1);
  return Math.min(Math.max(notes.n, sample.n), Math.round((sample.n * ids) / spanned));
}

const COLUMN_WEIGHTS = { words: 1, chars: 0.5 };
/** Document counts change slowly; relevance may lag the index by this much. */
const STATS_TTL_MS = 10 * 60_000;
const MAX_COUNTED_TERMS = 10_000;

const lexeme = (token: string) => `'${token}'`;

/** PostgreSQL's searches by SQL at once: one core's worth, the rest left to everything else. */
const SQL_PATH_SLOTS = Math.max(1, availableParallelism() - 1);

/** How many of the newest notes PostgreSQL reads at least before asking the GIN index. */
const RECENT_SCAN = 250;
/** Matches among those that make their share a guide to how far a longer walk must go. */
const MIN_WALK_EVIDENCE = 4;
/**
 * The longest walk (notes) taken rather than the GIN index. A walk reads some 6 µs a note, the
 * index some 9 µs a match (a phrase's pairs, rechecked), so at 100,000 notes the walk that
 * finds the window twice over is the cheaper up to about 5,000 notes (matches in 1 note in 40).
 */
const LONGEST_WALK = 5000;

/**
 * How many times the cap the planner must expect a term, or an OR of terms, to match for the
 * count to be the cap without counting. Counting reads each match's row: up to the cap of 1,000,
 * 29-49 ms for a common character or phrase at 100,000 notes by the GIN index, and 156-286 ms
 * where the planner chose to read the table for them instead. Its estimate, from the column's
 * statistics, takes 1-2 ms, and for one term it was within 1 % of the count (咖啡: 14,161 for
 * 14,144). An AND of terms is counted: the planner takes terms as independent, and two about
 * different things match far fewer notes together than it expects.
 */
export const ESTIMATE_TRUSTED = 1.25;

/** `EXPLAIN (FORMAT JSON)`'s answer, as far as the rows it expects. */
type PlanRows = { 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] };

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

/**
 * PostgreSQL keeps, beside `chars`, `pairs`: each token of the text joined to the next (咖啡馆:
 * 咖/啡, 啡/馆), made from `chars` by the database (migration 018). A quoted phrase looks up its
 * pairs, which few notes hold, where its characters' lists hold most notes. A lone token is
 * looked up in `chars`. Tokens are letters and digits, so `/` joins them unambiguously.
 */
export const charPairs = (tokens: string[]) =>
  tokens.slice(1).map((token, index) => `${tokens[index]}/${token}`);

/** The PostgreSQL column a term is looked up in. */
export const postgresColumn = (term: SearchTerm) =>
  term.column === 'chars' && term.tokens.length > 1 ? 'pairs' : term.column;

/** A term as a tsquery for its `postgresColumn`: its tokens or their pairs in sequence (`<->`). */
export function termTsquery(term: SearchTerm): string {
  const lexemes = postgresColumn(term) === 'pairs' ? charPairs(term.tokens) : term.tokens;
  return lexemes.map(lexeme).join(' <-> ');
}

function createSqliteIndex(db: Kysely<Database>, reader: ReadPool | null): SearchIndex {
  // Without a pool (a handle made by hand, as the query-plan test does) reads run on the main
  // connection through Kysely, which also logs them.
  const all = <T>(text: string, params: unknown[]): Promise<T[]> =>
    reader
      ? reader.all<T>(text, params)
      : db.executeQuery<T>(CompiledQuery.raw(text, params)).then((result) => result.rows);
  const scored = async (text: string, params: unknown[], scoring: RowScoring) =>
    reader
      ? reader.scored(text, params, scoring)
      : (await all<{ id: number }>(text, params)).map((row) => ({
          id: row.id,
          score: scoreRow(row, scoring),
        }));

  const stats = createTtlCache<IndexedNotes & { words: number; chars: number }>({
    ttlMs: STATS_TTL_MS,
    maxEntries: 1,
  });
  const documentCounts = createTtlCache<number>({
    ttlMs: STATS_TTL_MS,
    maxEntries: MAX_COUNTED_TERMS,
  });
  const scoring = async (terms: SearchTerm[]): Promise<RowScoring> => {
    const totals = await stats.get('all', async () => {
      const [row] = await all<Record<keyof IndexedNotes | 'words' | 'chars', number | null>>(
        SQLITE_STATS,
        [],
      );
      return {
        n: row?.n ?? 0,
        first: row?.first ?? 0,
        last: row?.last ?? 0,
        words: row?.words ?? 1,
        chars: row?.chars ?? 1,
      };
    });
    // A lone term's weight scales every score alike and orders nothing, so its count is not
    // read.
    const idfOf = async (term: SearchTerm) => {
      if (terms.length === 1) return 1;
      const match = fts5Term(term);
      const count = await documentCounts.get(match, async () => {
        const [row] = await all<{ n: number; reach: number | null }>(SQLITE_DOCUMENT_SAMPLE, [
          match,
          SAMPLED_MATCHES,
        ]);
        return estimatedDocumentCount(row ?? { n: 0, reach: null }, SAMPLED_MATCHES, totals);
      });
      // BM25's inverse document frequency, kept positive for words in most notes.
      return Math.log((totals.n - count + 0.5) / (count + 0.5) + 1);
    };
    const scored = await Promise.all(
      terms.map(async (term) => ({
        column: term.column,
        phrase: term.tokens.join(' '),
        idf: await idfOf(term),
      })),
    );
    return {
      terms: scored,
      averageLength: { words: totals.words, chars: totals.chars },
      weights: COLUMN_WEIGHTS,
    };
  };

  return {
    async put(postId, text) {
      recordIndexWrite(postId);
      await sql`DELETE FROM post_fts WHERE rowid = ${postId}`.execute(db);
      await sql`INSERT INTO post_fts (rowid, words, chars) VALUES (${postId}, ${text.words}, ${text.chars})`.execute(
        db,
      );
    },
    async remove(postId) {
      recordIndexWrite(postId);
      await sql`DELETE FROM post_fts WHERE rowid = ${postId}`.execute(db);
    },
    ...(reader && {
      rankText: (text: string, page: { offset: number; limit: number }, cap: number) =>
        reader.rankText({
          text,
          offset: page.offset,
          needed: page.offset + page.limit,
          cap,
          changes: indexChanges(),
        }),
    }),
    async newest(filter, window) {
      const terms = [...filter.required, ...filter.anyOf];
      const columns = [...new Set(terms.map((term) => term.column))].sort();
      return scored(sqliteCandidates(columns), [fts5Match(filter), window], await scoring(terms));
    },
    async count(filter, cap) {
      const [row] = await all<{ n: number }>(SQLITE_COUNT, [fts5Match(filter), cap]);
      return row?.n ?? 0;
    },
  };
}

function createPostgresIndex(db: Kysely<Database>, thread: PostingsThread | null): SearchIndex {
  const matches = (term: SearchTerm) =>
    sql`${sql.ref(postgresColumn(term))} @@ ${termTsquery(term)}::tsquery`;
  const condition = (filter: IndexFilter) => {
    const parts = filter.required.map(matches);
    if (filter.anyOf.length > 0)
      parts.push(sql`(${sql.join(filter.anyOf.map(matches), sql` OR `)})`);
    return sql.join(parts, sql` AND `);
  };
  // The same weights as bm25 above: whole words count fully, characters (alone or paired) half.
  const rank = (filter: IndexFilter) => {
    const terms = [...filter.required, ...filter.anyOf];
    const ranks = (['words', 'chars', 'pairs'] as const).flatMap((column) => {
      const query = terms
        .filter((term) => postgresColumn(term) === column)
        .map(termTsquery)
        .join(' | ');
      const weight = sql.lit(column === 'words' ? 1 : 0.5);
      return query ? [sql`${weight} * ts_rank(${sql.ref(column)}, ${query}::tsquery)`] : [];
    });
    return ranks.length > 0 ? sql.join(ranks, sql` + `) : sql`0`;
  };
  /**
   * The newest `window` matches, found by walking the newest notes while they hold enough of
   * them, else by the GIN index. The planner's estimates cannot choose between the two: it
   * walked the primary key backwards for a character or an OR that it guessed common, and for
   * 说 or 红, which no note of the bench holds, read all 97,000 notes (388 ms). The GIN index
   * fetches, and for a phrase of three characters or more rechecks, every note holding its
   * terms: 400 ms for the 43,700 notes holding 发现它, where a walk found its newest 60 in 134
   * notes (0.8 ms); but 0.1 ms for 说红了, held by none, where a walk of 2,000 took 12 ms.
   */
  const newestIds = async (filter: IndexFilter, window: number): Promise<number[]> => {
    const ids = (query: ReturnType<typeof sql<{ post_id: number }>>) =>
      query.execute(db).then((result) => result.rows.map((row) => Number(row.post_id)));
    const walk = (notes: number) =>
      ids(sql`SELECT post_id FROM (SELECT post_id, words, chars, pairs FROM post_fts
          ORDER BY post_id DESC LIMIT ${notes}) AS post_fts
        WHERE ${condition(filter)} ORDER BY post_id DESC LIMIT ${window}`);
    const walked = Math.max(RECENT_SCAN, 2 * window);
    const recent = await walk(walked);
    if (recent.length >= window) return recent;
    // A walk long enough, at the share of matches among the newest, to hold the window twice
    // over, while that is a walk worth taking.
    const needs = Math.ceil((2 * walked * window) / recent.length);
    if (recent.length >= MIN_WALK_EVIDENCE && needs <= LONGEST_WALK) {
      const further = await walk(needs);
      if (further.length >= window) return further;
    }
    // `post_id + 0` keeps the planner off the backward walk: the GIN index finds the matches,
    // through the indexes a plan made for these words chooses.
    return ids(sql`${sql.raw(PLANNED_EACH_TIME)} SELECT post_id FROM post_fts
      WHERE ${condition(filter)} ORDER BY post_id + 0 DESC LIMIT ${window}`);
  };
  // Read when first searched; writes reach them through the triggers of migration 014.
  const postings = thread && createPostgresPostings(db, thread);
  /**
   * What `rankPage` asks here is what the postings thread does not rank: quoted phrases and
   * single characters. Counting a phrase's matches (up to the cap) rechecks each one's positions,
   * 10-20 ms for a phrase in many notes at 100,000 notes. Beside 40 connections of such
   * searches, when they cost some ten times that, the feed kept 20-38 % of its throughput
   * alone: the database's processes took both cores from the thread that answers requests. They
   * run one core's worth at a time, as the read pool's threads do on SQLite. What waits here
   * was let in by the search gate (createSearchGate, 32 searches at once) or is a note's related
   * notes (related-service.ts, each looked up once a minute at most).
   */
  const sqlPath = pLimit(SQL_PATH_SLOTS);
  return {
    ...(postings && { rankText: postings.rankText }),
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
    newest: (filter, window) =>
      sqlPath(async () => {
        const ids = await newestIds(filter, window);
        if (ids.length === 0) return [];
        // Relevance only for the notes found, each read once by primary key.
        const result = await sql<SearchHit>`SELECT post_id AS id, ${rank(filter)} AS score
          FROM post_fts WHERE post_id IN (${sql.join(ids)})`.execute(db);
        return result.rows.map((row) => ({ id: Number(row.id), score: Number(row.score) }));
      }),
    count: (filter, cap) =>
      sqlPath(async () => {
        if (filter.required.length + Math.min(1, filter.anyOf.length) === 1) {
          const plan = await sql<PlanRows>`EXPLAIN (FORMAT JSON) SELECT 1 FROM post_fts
            WHERE ${condition(filter)}`.execute(db);
          const estimate = plan.rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0;
          if (estimate >= ESTIMATE_TRUSTED * cap) return cap;
        }
        const result = await sql<{ n: number }>`SELECT count(*) AS n
          FROM (SELECT 1 FROM post_fts WHERE ${condition(filter)} LIMIT ${cap}) AS matches`.execute(
          db,
        );
        return Number(result.rows[0]?.n ?? 0);
      }),
  };
}

/**
 * The index of `db`; searches rank whole words from postings held by `threads` (the read pool
 * on SQLite, the postings thread on PostgreSQL). An index without them is for writing.
 */
export function createSearchIndex(
  db: Kysely<Database>,
  dialect: DialectName,
  threads: { reader?: ReadPool | null; postings?: PostingsThread | null } = {},
): SearchIndex {
  return dialect === 'sqlite'
    ? createSqliteIndex(db, threads.reader ?? null)
    : createPostgresIndex(db, threads.postings ?? null);
}
