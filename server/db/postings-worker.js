// The PostgreSQL instance's search ranker, in a thread of its own (postings-thread.ts): the
// main thread reads postings from PostgreSQL and sends them along; cutting the query and ranking
// it here keeps the thread that answers requests free of both. Plain JavaScript, as
// read-worker.js and for the same reason.
import { workerData } from 'node:worker_threads';
import { cutOnThisThread } from '../modules/search/search-query.js';
import { runInBackground } from './background-priority.js';
import { inNoteOrder, readNoteCounts } from './note-counts.js';
import { answerEach } from './task-batch.js';
import { createPostingsRanker, isFresh } from './word-postings.js';

runInBackground();

/** What the ranking under way may read: sent with its task, read from PostgreSQL ahead of it. */
let ahead = null;
/** The changed notes last sent (`ChangedNotes` in postings-thread.ts), by note. */
let changedSeq = -1;
let changedNotes = new Map();

/** Decoded here, off the thread that answers requests, and only when the ranker reads it. */
const given = (what, name) => {
  if (!what) throw new Error(`${name} was not read ahead`);
  return readNoteCounts(what.bytes, what.loadedAt);
};

/**
 * The changed notes among `ids` that are still in the index, with their counts of `words`, as
 * the ranker reads them (word-postings.js).
 */
function changedOf(ids, words) {
  return [...new Set(ids)].flatMap((note) => {
    const held = changedNotes.get(note);
    if (!held) return [];
    return [{ note, length: held.length, counts: words.map((word) => held.counts.get(word) ?? 0) }];
  });
}

const ranker = createPostingsRanker(
  {
    postings: (word) => inNoteOrder(given(ahead.words.get(word), `the postings of ${word}`)),
    lengths: () => given(ahead.lengths, 'the note lengths'),
    changed: changedOf,
  },
  { maxBytes: workerData.maxPostingBytes },
);

/**
 * Cuts `task.query.text` and, when it is of whole words, ranks them if this thread holds what
 * it needs or has been sent it fresh enough (`isFresh`); otherwise answers what is missing, for
 * the main thread to read and send again.
 * @param {import('./postings-thread.ts').PostingsTask} task
 * @returns {import('./postings-thread.ts').PostingsAnswer}
 */
function rank({ query: { text, ...page }, read, changed }) {
  // Kept whatever the text asks: the main thread counts them as sent (postgres-postings.ts).
  if (changed) {
    changedSeq = changed.seq;
    changedNotes = new Map(changed.notes);
  }
  const { query, words } = cutOnThisThread(text);
  if (!words) return { query, ranking: null };
  const usable = (list) => Boolean(list) && isFresh(list.loadedAt, page.changes);
  const lists = new Map(read.words);
  const stale = ranker.stale(words, page.changes);
  const missing = {
    lengths: stale.lengths && !usable(read.lengths),
    words: stale.words.filter((word) => !usable(lists.get(word))),
    changed: page.changes.recent.length > 0 && changedSeq !== page.changes.seq,
  };
  if (missing.lengths || missing.words.length > 0 || missing.changed) return { missing };
  ahead = { lengths: read.lengths, words: lists };
  try {
    return { query, ranking: ranker.rank({ words, ...page }) };
  } finally {
    ahead = null;
  }
}

/**
 * The searches of a turn of the main thread's loop, in the order they were asked
 * (postings-thread.ts).
 * @param {{ tasks: import('./postings-thread.ts').PostingsTask[] }} batch
 */
export default function run({ tasks }) {
  return answerEach(tasks, rank);
}
