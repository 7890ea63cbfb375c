import { availableParallelism } from 'node:os';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import type { CompiledQuery, DatabaseConnection } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PLANNED_EACH_TIME } from '../../db/named-statements.ts';
import type { ReadPool } from '../../db/read-pool.ts';
import type { RowScoring } from '../../db/row-score.js';
import type { Database } from '../../db/schema.ts';
import {
  ESTIMATE_TRUSTED,
  SAMPLED_MATCHES,
  SQLITE_DOCUMENT_SAMPLE,
  charPairs,
  createSearchIndex,
  estimatedDocumentCount,
  postgresColumn,
  termTsquery,
} from './search-index.ts';
import type { SearchTerm } from './search-query.js';

/** A read pool that answers from canned rows and records what it was asked. */
function recordingPool() {
  const asked: string[] = [];
  const scorings: RowScoring[] = [];
  const pool: ReadPool = {
    threads: 1,
    searchThreadsAlive: 1,
    all: <T>(sql: string) => {
      asked.push(sql);
      const row = sql.includes('post_fts_docsize') ? { n: 1000, words: 50, chars: 80 } : { n: 10 };
      return Promise.resolve([row] as T[]);
    },
    scored: (sql, _params, scoring) => {
      asked.push(sql);
      scorings.push(scoring);
      return Promise.resolve([]);
    },
    allForeground: () => Promise.reject(new Error('not asked here')),
    rankText: () => Promise.reject(new Error('not asked here')),
    close: () => Promise.resolve(),
  };
  return { pool, asked, scorings };
}

const phrase: SearchTerm = { column: 'chars', tokens: ['周', '末'] };
const word: SearchTerm = { column: 'words', tokens: ['旅行'] };
const countsTerms = (sql: string) => /AS reach/.test(sql);

describe('the SQLite index weighs terms', () => {
  it('without counting the notes of a lone term, whose weight orders nothing', async () => {
    const { pool, asked, scorings } = recordingPool();
    const index = createSearchIndex({} as Kysely<Database>, 'sqlite', { reader: pool });
    await index.newest({ required: [phrase], anyOf: [] }, 60);
    expect(asked.filter(countsTerms)).toEqual([]);
    expect(scorings[0].terms).toEqual([{ column: 'chars', phrase: '周 末', idf: 1 }]);
  });

  it('by how many notes hold each term when there are several', async () => {
    const { pool, asked, scorings } = recordingPool();
    const index = createSearchIndex({} as Kysely<Database>, 'sqlite', { reader: pool });
    await index.newest({ required: [phrase], anyOf: [word] }, 60);
    expect(asked.filter(countsTerms)).toHaveLength(2);
    const idf = Math.log((1000 - 10 + 0.5) / (10 + 0.5) + 1);
    expect(scorings[0].terms.map((term) => term.idf)).toEqual([idf, idf]);
  });
});

describe("SQLite estimates a term's document count", () => {
  const notes = { n: 1000, first: 1, last: 1000 };

  it('exactly, when it has fewer matches than are sampled', () => {
    expect(estimatedDocumentCount({ n: 10, reach: 900 }, 256, notes)).toBe(10);
    expect(estimatedDocumentCount({ n: 0, reach: null }, 256, notes)).toBe(0);
  });

  it('from the share of the notes its first matches span', () => {
    // In every other note: its first 256 matches reach note 511.
    expect(estimatedDocumentCount({ n: 256, reach: 511 }, 256, notes)).toBe(501);
    // In every note, or past the highest id the stats knew of: never more than the notes.
    expect(estimatedDocumentCount({ n: 256, reach: 256 }, 256, notes)).toBe(1000);
    expect(estimatedDocumentCount({ n: 256, reach: 1200 }, 256, notes)).toBe(256);
  });

  it('within a few per cent on FTS5, from its first matches alone', () => {
    const db = new SQLite(':memory:');
    db.exec('CREATE VIRTUAL TABLE post_fts USING fts5(words, chars)');
    const insert = db.prepare('INSERT INTO post_fts (rowid, words, chars) VALUES (?, ?, ?)');
    // 的 in most notes, 周 末 in one in five (as a phrase in half of those), 猫 in seven.
    for (let id = 1; id <= 20_000; id += 1) {
      const chars = [id % 10 !== 0 && '的', id % 5 === 0 && (id % 10 === 0 ? '周 末' : '末 周')];
      if (id % 3000 === 0) chars.push('猫');
      insert.run(id, '', chars.filter(Boolean).join(' '));
    }
    const indexed = { n: 20_000, first: 1, last: 20_000 };
    const estimate = (match: string) =>
      estimatedDocumentCount(
        db.prepare(SQLITE_DOCUMENT_SAMPLE).get(match, SAMPLED_MATCHES) as {
          n: number;
          reach: number | null;
        },
        SAMPLED_MATCHES,
        indexed,
      );
    const exact = (match: string) =>
      (
        db.prepare('SELECT count(*) AS n FROM post_fts WHERE post_fts MATCH ?').get(match) as {
          n: number;
        }
      ).n;
    for (const match of ['chars : "的"', 'chars : "周 末"', 'chars : "周"']) {
      expect(Math.abs(estimate(match) / exact(match) - 1), match).toBeLessThan(0.05);
    }
    expect(estimate('chars : "猫"')).toBe(6);
    expect(estimate('chars : "狗"')).toBe(0);
    db.close();
  });
});

/**
 * A Kysely handle on PostgreSQL's dialect whose queries each take a turn and answer `rows` of
 * them (nothing, unless told), recording what they asked.
 */
function fakePostgres(rows: (query: CompiledQuery) => unknown[] = () => []) {
  const seen = { running: 0, most: 0, queries: 0 };
  const asked: CompiledQuery[] = [];
  const connection: DatabaseConnection = {
    executeQuery: async <R>(query: CompiledQuery) => {
      asked.push(query);
      seen.queries += 1;
      seen.running += 1;
      seen.most = Math.max(seen.most, seen.running);
      await new Promise((resolve) => setImmediate(resolve));
      seen.running -= 1;
      return { rows: rows(query) as R[] };
    },
    // eslint-disable-next-line require-yield -- an async generator that only refuses
    async *streamQuery() {
      throw new Error('not streamed');
    },
  };
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => ({
        init: async () => {},
        acquireConnection: async () => connection,
        beginTransaction: async () => {},
        commitTransaction: async () => {},
        rollbackTransaction: async () => {},
        releaseConnection: async () => {},
        destroy: async () => {},
      }),
      createIntrospector: (handle) => new PostgresIntrospector(handle),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  return { db, seen, asked };
}

describe('the PostgreSQL index searches by SQL', () => {
  it("a core's worth at a time, however many searches ask at once", async () => {
    const { db, seen } = fakePostgres();
    const index = createSearchIndex(db, 'postgres');
    const filter = { required: [phrase], anyOf: [] };
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, at) =>
        at % 2 === 0 ? index.newest(filter, 60) : index.count(filter, 1000),
      ),
    );
    expect(answers).toEqual(Array.from({ length: 10 }, (_, at) => (at % 2 === 0 ? [] : 0)));
    // Each `newest` walks the newest notes, then asks the GIN index; each count asks the
    // planner what it expects, then counts.
    expect(seen.queries).toBe(20);
    expect(seen.most).toBe(Math.max(1, availableParallelism() - 1));
  });
});

describe('the PostgreSQL index finds the newest matches', () => {
  /** Notes walked, or the GIN index's pass: how each query of `newest` looked for them. */
  const passes = (asked: CompiledQuery[]) =>
    asked
      .filter((query) => /SELECT post_id FROM/.test(query.sql))
      .map((query) =>
        /post_id \+ 0/.test(query.sql) ? 'index' : `walk ${String(query.parameters[0])}`,
      );
  /** Terms held by one note in `every` of the newest notes walked, or by none. */
  const heldByOneIn = (every: number | null) => (query: CompiledQuery) => {
    const first = Number(query.parameters[0]);
    const window = Number(query.parameters.at(-1));
    if (/post_id \+ 0/.test(query.sql)) return every === null ? [] : [{ post_id: 1 }];
    if (/FROM post_fts WHERE post_id IN/.test(query.sql)) return [];
    const found = every === null ? 0 : Math.min(window, Math.floor(first / every));
    return Array.from({ length: found }, (_, at) => ({ post_id: 100_000 - at }));
  };
  const single: SearchTerm = { column: 'chars', tokens: ['说'] };

  it("by the GIN index with a plan made for the query's own words", async () => {
    const { db, asked } = fakePostgres(heldByOneIn(null));
    const index = createSearchIndex(db, 'postgres');
    await index.newest({ required: [], anyOf: [single] }, 60);
    const lookup = asked.find((query) => /post_id \+ 0/.test(query.sql));
    expect(lookup?.sql.startsWith(PLANNED_EACH_TIME)).toBe(true);
  });

  it.each([
    // 说 in no note: walking every note to learn that read 97,000 of them (388 ms).
    ['in no note', null, ['walk 250', 'index']],
    ['in one note in 3', 3, ['walk 250']],
    ['in one note in 20', 20, ['walk 250', 'walk 2500']],
    ['in one note in 50', 50, ['walk 250', 'index']],
    ['in one note in 1,000', 1000, ['walk 250', 'index']],
  ])(
    'of a term %s, walking the notes only as far as their matches say',
    async (_, every, expected) => {
      const { db, asked } = fakePostgres(heldByOneIn(every));
      const index = createSearchIndex(db, 'postgres');
      await index.newest({ required: [], anyOf: [single] }, 60);
      expect(passes(asked)).toEqual(expected);
    },
  );
});

describe('the PostgreSQL index counts matches up to the cap', () => {
  const single: SearchTerm = { column: 'chars', tokens: ['说'] };
  /** The planner expects `expected` matches; the count finds 123. */
  const counting = (expected: number) =>
    fakePostgres((query) =>
      /^EXPLAIN/.test(query.sql)
        ? [{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': expected } }] }]
        : [{ n: 123 }],
    );
  const counted = (asked: CompiledQuery[]) =>
    asked.filter((query) => /SELECT count\(\*\)/.test(query.sql)).length;

  it('as the cap, uncounted, where the planner expects well over the cap', async () => {
    const { db, asked } = counting(ESTIMATE_TRUSTED * 1000);
    const index = createSearchIndex(db, 'postgres');
    expect(await index.count({ required: [], anyOf: [single, word] }, 1000)).toBe(1000);
    expect(await index.count({ required: [phrase], anyOf: [] }, 1000)).toBe(1000);
    expect(counted(asked)).toBe(0);
  });

  it('by counting where it expects fewer, or for terms that must all be held', async () => {
    const { db, asked } = counting(ESTIMATE_TRUSTED * 1000 - 1);
    const index = createSearchIndex(db, 'postgres');
    expect(await index.count({ required: [], anyOf: [single] }, 1000)).toBe(123);
    const both = createSearchIndex(counting(50_000).db, 'postgres');
    expect(await both.count({ required: [phrase], anyOf: [word] }, 1000)).toBe(123);
    expect(counted(asked)).toBe(1);
  });
});

describe('PostgreSQL looks a quoted phrase up by its pairs of tokens', () => {
  const latin: SearchTerm = { column: 'chars', tokens: ['ai', '画', '图'] };
  const single: SearchTerm = { column: 'chars', tokens: ['说'] };

  it('each token joined to the next, in sequence', () => {
    expect(charPairs(['ai', '画', '图'])).toEqual(['ai/画', '画/图']);
    expect(termTsquery(latin)).toBe("'ai/画' <-> '画/图'");
    expect(termTsquery(phrase)).toBe("'周/末'");
    expect([latin, phrase].map(postgresColumn)).toEqual(['pairs', 'pairs']);
  });

  it('and a lone character or a word by itself', () => {
    expect(termTsquery(single)).toBe("'说'");
    expect(termTsquery(word)).toBe("'旅行'");
    expect([single, word].map(postgresColumn)).toEqual(['chars', 'words']);
  });

  it('in the queries that find, count and rank its notes', async () => {
    const { db, asked } = fakePostgres((query) =>
      /SELECT post_id FROM/.test(query.sql) ? [{ post_id: 7 }] : [],
    );
    const index = createSearchIndex(db, 'postgres');
    const filter = { required: [latin], anyOf: [word] };
    await index.newest(filter, 60);
    await index.count(filter, 1000);
    const lookups = asked.filter((query) => /@@/.test(query.sql));
    expect(lookups.length).toBeGreaterThanOrEqual(3);
    for (const query of lookups) {
      expect(query.sql).toMatch(/"pairs" @@ \$\d+::tsquery/);
      expect(query.parameters).toContain("'ai/画' <-> '画/图'");
    }
    const ranking = asked.find((query) => /ts_rank/.test(query.sql));
    expect(ranking?.sql).toMatch(/0\.5 \* ts_rank\("pairs", \$\d+::tsquery\)/);
    expect(ranking?.sql).toMatch(/1 \* ts_rank\("words", \$\d+::tsquery\)/);
  });
});
