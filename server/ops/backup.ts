import { execFile } from 'node:child_process';
import { chmod, cp, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import type { Config } from '../config.ts';

const run = promisify(execFile);

/** What sits beside the database in DATA_DIR and belongs in a backup. */
const DATA_ENTRIES = ['uploads', 'feedback', 'jwt-secret', 'sandbox-payment-secret'];
const SQLITE_FILE = 'site.db';
const POSTGRES_FILE = 'database.pgdump';
const MANIFEST = 'backup.json';

export interface BackupManifest {
  createdAt: string;
  database: 'sqlite' | 'postgres';
  /** DATA_DIR entries copied (uploads are absent when they live in an S3 bucket). */
  entries: string[];
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/**
 * A consistent copy of the site while it runs. The database first: SQLite through its online
 * backup API (a snapshot that includes every committed write, taken while the server keeps
 * writing), PostgreSQL through pg_dump (one transaction's snapshot). Then the files: an upload
 * is stored before the row that names it is written, so every upload the snapshot names is
 * already on disk when the files are copied.
 */
export async function backup(config: Config, folder: string): Promise<BackupManifest> {
  await mkdir(folder, { recursive: true });
  // The copy holds the token secret and every member's data: readable by its owner only.
  await chmod(folder, 0o700);
  if (config.databaseUrl) {
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--file',
      path.join(folder, POSTGRES_FILE),
      config.databaseUrl,
    ]);
  } else {
    const source = new SQLite(path.join(config.dataDir, SQLITE_FILE), { fileMustExist: true });
    try {
      await source.backup(path.join(folder, SQLITE_FILE));
    } finally {
      source.close();
    }
  }
  const entries: string[] = [];
  for (const entry of DATA_ENTRIES) {
    const from = path.join(config.dataDir, entry);
    if (!(await exists(from))) continue;
    await cp(from, path.join(folder, entry), { recursive: true, force: true });
    entries.push(entry);
  }
  const manifest: BackupManifest = {
    createdAt: new Date().toISOString(),
    database: config.databaseUrl ? 'postgres' : 'sqlite',
    entries,
  };
  await writeFile(path.join(folder, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * Puts a backup back into DATA_DIR (and the database DATABASE_URL names), with the server
 * stopped. SQLite: the copy replaces site.db (and its WAL files) and must pass
 * `PRAGMA integrity_check`. PostgreSQL: pg_restore into the (new, empty or older) database,
 * replacing the objects it holds.
 */
export async function restore(config: Config, folder: string): Promise<BackupManifest> {
  const manifest = JSON.parse(
    await readFile(path.join(folder, MANIFEST), 'utf8'),
  ) as BackupManifest;
  const wanted = config.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.database !== wanted) {
    throw new Error(`this backup holds a ${manifest.database} database, the site uses ${wanted}`);
  }
  await mkdir(config.dataDir, { recursive: true });
  if (config.databaseUrl) {
    await run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--exit-on-error',
      '--dbname',
      config.databaseUrl,
      path.join(folder, POSTGRES_FILE),
    ]);
  } else {
    const target = path.join(config.dataDir, SQLITE_FILE);
    const incoming = `${target}.restoring`;
    await cp(path.join(folder, SQLITE_FILE), incoming);
    const check = new SQLite(incoming, { fileMustExist: true });
    try {
      const result = check.pragma('integrity_check', { simple: true });
      if (result !== 'ok') throw new Error(`the backup's database is damaged: ${String(result)}`);
    } finally {
      check.close();
    }
    // A WAL left from the replaced database would be replayed into the restored one.
    await rm(`${target}-wal`, { force: true });
    await rm(`${target}-shm`, { force: true });
    await rename(incoming, target);
  }
  for (const entry of manifest.entries) {
    await cp(path.join(folder, entry), path.join(config.dataDir, entry), {
      recursive: true,
      force: true,
    });
  }
  return manifest;
}
