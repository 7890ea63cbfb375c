import { CompiledQuery } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ChangedNotes, NoteWords } from '../../db/postings-thread.ts';
import type { IndexChanges } from '../../db/word-postings.js';

/** As many writes as SQLite's log (index-changes.ts) keeps in view. */
const WINDOW = 64;
/** Half of how long the database keeps changes (SEARCH_CHANGES_KEPT in migration 014). */
const STALE_AFTER_MS = 30 * 60_000;

/**
 * The changes of every transaction at or past `$1` (the oldest open at the previous look; on
 * the first, the oldest open now), with the notes as they are now, and the oldest transaction
 * open now. One row with only `horizon` when there are none. Its plan is checked in
 * query-plans.test.ts.
 */
export const SEARCH_CHANGES_SQL = `SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS horizon,
    c.xid::text AS xid, c.post_id,
    (SELECT words::text FROM post_fts WHERE post_id = c.post_id) AS words,
    (SELECT words_length FROM post_fts WHERE post_id = c.post_id) AS words_length
  FROM (SELECT 1) AS look
  LEFT JOIN search_index_changes AS c
    ON c.xid >= coalesce($1::xid8, pg_snapshot_xmin(pg_current_snapshot()))
  ORDER BY c.xid`;

interface ChangeRow {
  horizon: string;
  xid: string | null;
  post_id: string | number | null;
  words: string | null;
  words_length: number | null;
}

/** The lexemes of a tsvector's text and how many positions each has. */
export function lexemeCounts(tsvector: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const match of tsvector.matchAll(/'((?:[^']|'')*)'(?::([0-9A-D,]+))?/g)) {
    counts.set(match[1].replaceAll("''", "'"), match[2] ? match[2].split(',').length : 1);
  }
  return counts;
}

/**
 * The writes to PostgreSQL's search index by every instance, as the in-memory postings need
 * them (the same `IndexChanges` SQLite's read workers get). Triggers log each write with its
 * transaction's id (migration 014). Transaction ids are taken in one order and committed in
 * another, so a look reads every change of a transaction at or past the oldest one open at the
 * previous look: those committed since are among them, older ones were seen then. A change read
 * again is skipped by its transaction and note.
 *
 * Each search looks before it ranks (`catchUp`), so a note written through one instance is
 * found on all of them as soon as its write has committed; searches that arrive while a look is
 * on its way share the next one.
 */
export function createSearchChanges(db: Kysely<Database>) {
  let seq = 0;
  const recent: number[] = [];
  const notes = new Map<number, NoteWords | null>();
  /** The oldest transaction open at the last look; null before the first. */
  let horizon: string | null = null;
  let seen = new Set<string>();
  let lookedAt = 0;
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;

  function record(postId: number, words: NoteWords | null) {
    seq += 1;
    recent.push(postId);
    notes.set(postId, words);
    if (recent.length > WINDOW) {
      const gone = recent.shift()!;
      if (!recent.includes(gone)) notes.delete(gone);
    }
  }

  async function look() {
    // Changes kept in the database may have been dropped since: forget what is held.
    if (horizon !== null && Date.now() - lookedAt > STALE_AFTER_MS) {
      horizon = null;
      seen = new Set();
      seq += WINDOW;
      recent.length = 0;
      notes.clear();
    }
    const startedAt = Date.now();
    const { rows } = await db.executeQuery<ChangeRow>(
      CompiledQuery.raw(SEARCH_CHANGES_SQL, [horizon]),
    );
    const read = new Set<string>();
    for (const row of rows) {
      if (row.xid === null || row.post_id === null) continue;
      const key = `${row.xid}:${row.post_id}`;
      read.add(key);
      if (seen.has(key)) continue;
      record(
        Number(row.post_id),
        row.words === null
          ? null
          : { length: row.words_length ?? 0, counts: lexemeCounts(row.words) },
      );
    }
    seen = read;
    horizon = rows[0].horizon;
    lookedAt = startedAt;
  }

  /** Resolves once every write committed before the call has been read. */
  function catchUp(): Promise<void> {
    if (!running) {
      running = look().finally(() => {
        running = null;
      });
      return running;
    }
    // A look already on its way may have started before this call: wait for the next one.
    const next = () => {
      queued = null;
      return catchUp();
    };
    queued ??= running.then(next, next);
    return queued;
  }

  return {
    catchUp,
    changes: (): IndexChanges => ({ seq, window: WINDOW, recent: [...recent] }),
    /**
     * The notes of `changes().recent` as they are now (their words counted from their
     * tsvectors), for the ranker's thread to keep (postings-worker.js).
     */
    changedNotes: (): ChangedNotes => ({ seq, notes: [...notes] }),
  };
}

export type SearchChanges = ReturnType<typeof createSearchChanges>;
