import { CompiledQuery } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { NoteBytes, PostingsThread } from '../../db/postings-thread.ts';
import type { TextRanking } from '../../db/read-pool.ts';
import { isFresh } from '../../db/word-postings.js';
import { turnBatches } from '../../lib/turn-batches.ts';
import { createSearchChanges } from './search-changes.ts';

/**
 * Words read in one statement at most: one PostgreSQL process reads them one after another, where
 * separate statements run side by side, and a common word takes some 27 ms.
 */
const MAX_WORDS_A_READ = 8;

/** A read from PostgreSQL under way or done, and the count of changes seen before it began. */
interface SharedRead<T> {
  loadedAt: number;
  read: Promise<T>;
}

/**
 * A note and a count as six bytes (int4send, int2send: big-endian), all of them in one bytea:
 * one value for PostgreSQL to send, where rows or text would make an object or a string per note
 * on the thread that answers requests (100 000 notes' lengths as rows held it for some 30 ms,
 * and their garbage longer). Sent as base64 text: pg reads a bytea as hex text and decodes it on
 * that thread, 6.8 ms for a word in 81,553 notes (978 KB of hex), where base64 takes 2.9 ms
 * (661 KB) (`noteCountBytes`).
 */
const noteCounts = (count: string) =>
  `encode(string_agg(int4send(post_id::int4) || int2send(least(${count}, 32767)::int2), ''::bytea), 'base64')`;

/** The statements the postings are read with (their plans are checked in query-plans.test.ts). */
export const POSTGRES_POSTINGS_SQL = {
  /**
   * The notes holding each word of `$1` and how often each holds it, one row a word, from the
   * index of `search_word_notes` alone (migration 017): reading each holding note's tsvector for
   * its positions took 77–85 ms for a word in 12 000 notes. Aggregated in the index's order, from
   * a subquery that asks for it: an `ORDER BY` inside `string_agg` sorted the notes again, and a
   * word in 81,553 notes took 69–80 ms where this takes 27–28 ms, on the cores that also answer
   * requests. PostgreSQL does not promise to keep a subquery's order through an aggregate, so
   * `inNoteOrder` (note-counts.js) sorts what comes out of order.
   */
  postings: `SELECT asked.word, (SELECT ${noteCounts('count')}
      FROM (SELECT post_id, count FROM search_word_notes WHERE word = asked.word ORDER BY post_id)
        AS held) AS postings
    FROM unnest($1::text[]) AS asked(word)`,
  /** Every note's length in tokens: the one whole read, done again only after writes. */
  lengths: `SELECT ${noteCounts('words_length')} AS lengths FROM post_fts`,
};

/**
 * The bytes of a `noteCounts` aggregate's text (null when it aggregated no row), decoded straight
 * into shared memory: every search that needs a read sends them to the ranker's thread, which
 * decodes the records (note-counts.js); shared, fifty searches sent the same 600 KB of lengths
 * after a start do not copy them fifty times, and the text is not decoded into a buffer of its
 * own first.
 */
export function noteCountBytes(text: string | null): Uint8Array | null {
  if (text === null) return null;
  // An upper bound: the line breaks PostgreSQL's encode puts every 76 characters are counted as
  // data, and Node's decoder passes over them.
  const shared = Buffer.from(new SharedArrayBuffer(Buffer.byteLength(text, 'base64')));
  return shared.subarray(0, shared.write(text, 'base64'));
}

const sharedNoteBytes = (text: string | null, loadedAt: number): NoteBytes => ({
  bytes: noteCountBytes(text) ?? new Uint8Array(new SharedArrayBuffer(0)),
  loadedAt,
});

/**
 * Queries on PostgreSQL cut and ranked as on SQLite (docs/decisions/024, 028 and 047): the
 * same ranker over the same postings, held by this instance's ranking thread
 * (postings-thread.ts) and read from PostgreSQL here when it lacks them; the writes of every
 * instance arrive through search-changes.ts.
 */
export function createPostgresPostings(db: Kysely<Database>, thread: PostingsThread) {
  const changes = createSearchChanges(db);

  const rows = <T>(text: string, params: unknown[] = []) =>
    db.executeQuery<T>(CompiledQuery.raw(text, params)).then((result) => result.rows);

  /**
   * The postings of the words that the searches of one turn lack, read in one statement
   * (turn-batches.ts): most queries readers type hold a word no note holds (a number, a typo),
   * read for each of them, and each statement costs its round trip whatever it holds.
   */
  const postingsOf = turnBatches<string, string | null>(
    async (words) => {
      const read = await rows<{ word: string; postings: string | null }>(
        POSTGRES_POSTINGS_SQL.postings,
        [words],
      );
      const found = new Map(read.map((row) => [row.word, row.postings]));
      return words.map((word) => found.get(word) ?? null);
    },
    { maxBatchSize: MAX_WORDS_A_READ },
  );

  async function readPostings(word: string, loadedAt: number): Promise<NoteBytes> {
    return sharedNoteBytes(await postingsOf(word), loadedAt);
  }

  async function readLengths(loadedAt: number): Promise<NoteBytes> {
    const [row] = await rows<{ lengths: string | null }>(POSTGRES_POSTINGS_SQL.lengths);
    return sharedNoteBytes(row?.lengths ?? null, loadedAt);
  }

  /**
   * Reads shared by every search that needs them while they are fresh (the ranker's own rule,
   * `isFresh` in word-postings.js): after a start or a write, fifty concurrent searches would
   * otherwise each read the same 100 000 lengths and the same words' postings. Each is let go
   * once a search sent with it has been ranked, or when it fails.
   */
  const wordReads = new Map<string, SharedRead<NoteBytes>>();
  const lengthReads = new Map<'all', SharedRead<NoteBytes>>();
  function shared<K, T>(
    held: Map<K, SharedRead<T>>,
    key: K,
    loadedAt: number,
    read: () => Promise<T>,
  ) {
    const kept = held.get(key);
    if (kept && isFresh(kept.loadedAt, changes.changes())) return kept.read;
    const started = { loadedAt, read: read() };
    started.read.catch(() => {
      if (held.get(key) === started) held.delete(key);
    });
    held.set(key, started);
    return started.read;
  }

  /** The `seq` of the changed notes last sent to the thread (`ChangedNotes`). */
  let changedSent = -1;

  return {
    /**
     * Has the thread cut `text` and rank its words; when it lacks postings (or the lengths, or
     * the changed notes), reads or gathers them and asks again with them, until it has all it
     * needs as fresh as the changes seen require.
     */
    async rankText(
      text: string,
      page: { offset: number; limit: number },
      cap: number,
    ): Promise<TextRanking> {
      await changes.catchUp();
      let lengths: NoteBytes | null = null;
      const lists = new Map<string, NoteBytes>();
      for (;;) {
        const now = changes.changes();
        // Sent once a change, not with every search: the thread keeps them (postings-worker.js).
        const send = now.recent.length > 0 && changedSent !== now.seq;
        if (send) changedSent = now.seq;
        const answer = await thread.rank({
          query: { text, offset: page.offset, needed: page.offset + page.limit, cap, changes: now },
          read: { lengths, words: [...lists] },
          changed: send ? changes.changedNotes() : null,
        });
        if (!('missing' in answer)) {
          if (lengths) lengthReads.clear();
          for (const word of lists.keys()) wordReads.delete(word);
          return answer;
        }
        const { missing } = answer;
        // The thread lacks them after all (the task that carried them was refused).
        if (missing.changed) changedSent = -1;
        const loadedAt = now.seq;
        const [readLengthsNow, readLists] = await Promise.all([
          missing.lengths
            ? shared(lengthReads, 'all', loadedAt, () => readLengths(loadedAt))
            : null,
          Promise.all(
            missing.words.map((word) =>
              shared(wordReads, word, loadedAt, () => readPostings(word, loadedAt)),
            ),
          ),
        ]);
        lengths = readLengthsNow ?? lengths;
        missing.words.forEach((word, at) => lists.set(word, readLists[at]));
      }
    },
  };
}
