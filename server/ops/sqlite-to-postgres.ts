import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { Database } from '../db/schema.ts';
import { createSearchIndex } from '../modules/search/search-index.ts';
import { searchableText } from '../modules/search/searchable-text.ts';

const BATCH_ROWS = 500;
/** Kept by each database for itself: the migrator's bookkeeping and the search index. */
const NOT_COPIED = /^(sqlite_|kysely_migration|post_fts)/;

export interface TableCopy {
  table: string;
  /** Rows in the SQLite file, and in PostgreSQL after the copy (they must be equal). */
  source: number;
  target: number;
}

/**
 * Tables in an order where every table comes after those its foreign keys point to, so rows
 * can be inserted with every constraint checked.
 */
function dependencyOrder(source: SQLite.Database, tables: string[]): string[] {
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    const keys = source.pragma(`foreign_key_list("${table}")`) as Array<{ table: string }>;
    for (const key of keys) if (key.table !== table && tables.includes(key.table)) visit(key.table);
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
}

async function copyTable(
  source: SQLite.Database,
  db: Kysely<Database>,
  table: string,
): Promise<void> {
  const sourceColumns = (source.pragma(`table_info("${table}")`) as Array<{ name: string }>).map(
    (column) => column.name,
  );
  const { rows } = await sql<{
    column_name: string;
  }>`SELECT column_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = ${table}`.execute(db);
  const targetColumns = new Set(rows.map((row) => row.column_name));
  const columns = sourceColumns.filter((column) => targetColumns.has(column));
  const list = columns.map((column) => `"${column}"`).join(', ');
  // Read in rowid order, a batch at a time: the whole table is never in memory.
  const read = source.prepare(`SELECT ${list} FROM "${table}" ORDER BY rowid`);
  let batch: Record<string, unknown>[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    // Rows already copied by an earlier run are kept as they are: running twice changes nothing.
    await sql`INSERT INTO ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))})
      VALUES ${sql.join(
        batch.map((row) => sql`(${sql.join(columns.map((column) => row[column]))})`),
      )}
      ON CONFLICT DO NOTHING`.execute(db);
    batch = [];
  };
  for (const row of read.iterate() as Iterable<Record<string, unknown>>) {
    batch.push(row);
    if (batch.length >= BATCH_ROWS) await flush();
  }
  await flush();
  // Later inserts continue after the copied ids.
  if (columns.includes('id')) {
    const { rows: sequences } = await sql<{
      name: string | null;
    }>`SELECT pg_get_serial_sequence(${table}, 'id') AS name`.execute(db);
    const sequence = sequences[0]?.name;
    if (sequence) {
      await sql`SELECT setval(${sequence}, COALESCE(MAX(id), 1), MAX(id) IS NOT NULL)
        FROM ${sql.table(table)}`.execute(db);
    }
  }
}

/** Every published note into PostgreSQL's search index, as the posts module would write it. */
async function rebuildSearchIndex(db: Kysely<Database>): Promise<void> {
  const index = createSearchIndex(db, 'postgres');
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('posts')
      .select(['id', 'title', 'tags', 'content', 'price_cents'])
      .where('status', '=', 'approved')
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH_ROWS)
      .execute();
    if (rows.length === 0) return;
    // What any visitor may read of each note, as the server indexes it: a paid note's free
    // preview, never its paid part.
    for (const row of rows) await index.put(row.id, await searchableText(row));
    after = rows[rows.length - 1].id;
  }
}

/**
 * Moves a site from its SQLite file to PostgreSQL: the schema by the same migrations, every
 * table's rows with their ids, sequences past the highest id, the search index rebuilt, and
 * each table's count compared. Safe to run again (nothing already copied is duplicated).
 */
export async function migrateSqliteToPostgres(options: {
  from: string;
  to: string;
  log?: (line: string) => void;
}): Promise<TableCopy[]> {
  const source = new SQLite(options.from, { readonly: true, fileMustExist: true });
  const target = openDatabase({ databaseUrl: options.to, dataDir: '' });
  try {
    await migrateToLatest(target);
    const tables = (
      source
        .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`)
        .all() as Array<{ name: string }>
    )
      .map((row) => row.name)
      .filter((name) => !NOT_COPIED.test(name));
    const copies: TableCopy[] = [];
    for (const table of dependencyOrder(source, tables)) {
      await copyTable(source, target.db, table);
      const count = (query: string) =>
        Number(Object.values(source.prepare(query).get() as object)[0]);
      const { rows } = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(target.db);
      const copy = { table, source: count(`SELECT count(*) FROM "${table}"`), target: rows[0].n };
      options.log?.(`${table}: ${copy.source} rows in SQLite, ${copy.target} in PostgreSQL`);
      copies.push(copy);
    }
    await rebuildSearchIndex(target.db);
    // Each word's notes were written a note at a time: marked visible, they are read from their
    // index alone from the first search (migration 017).
    await sql`VACUUM ANALYZE search_word_notes`.execute(target.db);
    const mismatched = copies.filter((copy) => copy.source !== copy.target);
    if (mismatched.length > 0) {
      throw new Error(`counts differ: ${mismatched.map((copy) => copy.table).join(', ')}`);
    }
    return copies;
  } finally {
    source.close();
    await target.close();
  }
}
