// The PostgreSQL instance's search ranker, in a thread of its own (postings-thread.ts): the
// main thread reads postings from PostgreSQL and sends them along; ranking them here keeps the
// thread that answers requests free of it. Plain JavaScript, as read-worker.js and for the
// same reason.
import { workerData } from 'node:worker_threads';
import { runInBackground } from './background-priority.js';
import { readNoteCounts } from './note-counts.js';
import { createPostingsRanker, isFresh } from './word-postings.js';

runInBackground();

/** What the ranking under way may read: sent with its task, read from PostgreSQL ahead of it. */
let ahead = null;

/** Decoded here, off the thread that answers requests, and only when the ranker reads it. */
const given = (what, name) => {
  if (!what) throw new Error(`${name} was not read ahead`);
  return readNoteCounts(what.bytes, what.loadedAt);
};

const ranker = createPostingsRanker(
  {
    postings: (word) => given(ahead.words.get(word), `the postings of ${word}`),
    lengths: () => given(ahead.lengths, 'the note lengths'),
    // The changed notes among `changes.recent`, for the task's words: rank asks for no other.
    changed: () => ahead.changed,
  },
  { maxBytes: workerData.maxPostingBytes },
);

/**
 * Ranks `task.query` when this thread holds what it needs, or has been sent it fresh enough
 * (`isFresh`); otherwise answers what is missing, for the main thread to read and send again.
 * @param {import('./postings-thread.ts').PostingsTask} task
 * @returns {import('./postings-thread.ts').PostingsAnswer}
 */
export default function run({ query, read, changed }) {
  const usable = (list) => Boolean(list) && isFresh(list.loadedAt, query.changes);
  const words = new Map(read.words);
  const stale = ranker.stale(query.words, query.changes);
  const missing = {
    lengths: stale.lengths && !usable(read.lengths),
    words: stale.words.filter((word) => !usable(words.get(word))),
  };
  if (missing.lengths || missing.words.length > 0) return { missing };
  ahead = { lengths: read.lengths, words, changed };
  try {
    return { ranking: ranker.rank(query) };
  } finally {
    ahead = null;
  }
}
