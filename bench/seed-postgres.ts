import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { tsvectorLiteral } from '../server/modules/search/search-index.ts';

/** Rows per INSERT: PostgreSQL takes at most 65 535 parameters in one statement. */
const BATCH = 2000;
const TABLES = ['users', 'uploads', 'posts', 'likes'] as const;

/**
 * The bench's PostgreSQL database: a copy of the seeded SQLite one (same ids, texts and
 * likes), so both are measured on the same notes. Reused when it already holds the notes.
 */
export async function copyToPostgres(dataDir: string, url: string): Promise<{ reused: boolean }> {
  const handle = openDatabase({ databaseUrl: url, dataDir });
  await migrateToLatest(handle);
  await handle.close();

  const source = new SQLite(path.join(dataDir, 'site.db'), { readonly: true });
  const target = new pg.Client({ connectionString: url });
  await target.connect();
  try {
    const wanted = (source.prepare('SELECT count(*) AS n FROM posts').get() as { n: number }).n;
    const { rows } = await target.query<{ n: number }>('SELECT count(*)::int AS n FROM posts');
    if (rows[0].n === wanted) return { reused: true };

    for (const table of TABLES) {
      let offset = 0;
      for (;;) {
        const batch = source
          .prepare(`SELECT * FROM ${table} ORDER BY rowid LIMIT ? OFFSET ?`)
          .all(BATCH, offset) as Record<string, unknown>[];
        if (batch.length === 0) break;
        await insertRows(target, table, batch);
        offset += batch.length;
      }
    }
    let after = 0;
    for (;;) {
      const batch = source
        .prepare(
          'SELECT rowid AS post_id, words, chars FROM post_fts WHERE rowid > ? ORDER BY rowid LIMIT ?',
        )
        .all(after, BATCH) as { post_id: number; words: string; chars: string }[];
      if (batch.length === 0) break;
      const values = batch.map((row) => ({
        post_id: row.post_id,
        words: tsvectorLiteral(row.words.split(' ').filter(Boolean)),
        chars: tsvectorLiteral(row.chars.split(' ').filter(Boolean)),
      }));
      await insertRows(target, 'post_fts', values, { words: 'tsvector', chars: 'tsvector' });
      after = batch[batch.length - 1].post_id;
    }
    for (const table of ['users', 'posts']) {
      await target.query(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`,
      );
    }
    // VACUUM too: search_word_notes (filled by its trigger, a note at a time) is then read from
    // its index alone, as on a site that has run a while (migration 017).
    await target.query('VACUUM ANALYZE');
    return { reused: false };
  } finally {
    source.close();
    await target.end();
  }
}

async function insertRows(
  client: pg.Client,
  table: string,
  rows: Record<string, unknown>[],
  casts: Record<string, string> = {},
): Promise<void> {
  const columns = Object.keys(rows[0]);
  const params: unknown[] = [];
  const tuples = rows.map((row) => {
    const slots = columns.map((column) => {
      params.push(row[column]);
      return casts[column] ? `$${params.length}::${casts[column]}` : `$${params.length}`;
    });
    return `(${slots.join(', ')})`;
  });
  await client.query(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`,
    params,
  );
}
