import type { Database } from 'better-sqlite3';

/** The notes the main thread wrote to the index lately (word-postings.js). */
export interface IndexChanges {
  /** How many notes were written to the index since the process started. */
  seq: number;
  /** How many of the latest writes `recent` covers. */
  window: number;
  /** The ids of the notes of the last `window` writes. */
  recent: number[];
}

export interface WordQuery {
  words: string[];
  offset: number;
  needed: number;
  cap: number;
  changes: IndexChanges;
}

export interface WordRanking {
  /** Ranks `offset` to `needed - 1`, best first. */
  ids: number[];
  /** Notes holding at least one word, up to `cap`. */
  total: number;
}

/** A changed note as it is now: its length and the frequency of each asked word. */
export interface ChangedNote {
  note: number;
  length: number;
  counts: number[];
}

/** Where postings are read from, synchronously (PostgreSQL's reads them ahead, see `stale`). */
export interface PostingsSource {
  /**
   * The notes holding `word`, ascending, and how often each holds it. A source that reads
   * ahead gives `loadedAt`: the count of changes seen before it read (by default the query's).
   */
  postings(word: string): {
    notes: Int32Array;
    /** At most 65,535 each. */
    counts: Uint16Array;
    loadedAt?: number;
  };
  /** Every note's id and token count, in two arrays of the same order. */
  lengths(): { notes: ArrayLike<number>; counts: ArrayLike<number>; loadedAt?: number };
  /** The changed notes that are in the index now (a removed one is absent). */
  changed(ids: number[], words: string[]): ChangedNote[];
}

/**
 * The notes of a comma-separated list of note ids, one per occurrence in note order, and how
 * often each occurs (at most 65,535).
 */
export function countedNotes(text: string): { notes: Int32Array; counts: Uint16Array };

/** Notes and their `words` token counts from comma-separated `id:hex` pairs of FTS5's docsize. */
export function noteLengths(text: string): { notes: Int32Array; counts: Uint32Array };

export interface PostingsRanker {
  rank(query: WordQuery): WordRanking;
  /** What the next `rank` of `words` would read from the source. */
  stale(words: string[], changes: IndexChanges): { lengths: boolean; words: string[] };
  bytes(): number;
}

/** Whether what was read after `loadedAt` changes may still be used under `changes`. */
export function isFresh(loadedAt: number, changes: IndexChanges): boolean;

/** A list's positions by weight, heaviest first, ties to the later position. */
export function weightOrder(weights: Float32Array, keyed?: number): Int32Array;

/** The first `count` positions of `weightOrder(weights)`, without ordering the rest. */
export function heaviestFirst(weights: Float32Array, count: number): Int32Array;

/** Memory the postings may take at most; how many of a list's notes are kept in weight order. */
export interface RankerOptions {
  maxBytes: number;
  /** `BEST_KEPT` unless given (tests give fewer, to rank past them). */
  bestKept?: number;
  /** The clock of the rankings kept, in ms (`performance.now` unless given: tests give theirs). */
  now?: () => number;
}

/** A list keeps at most this many of its notes in weight order. */
export const BEST_KEPT: number;

export function createPostingsRanker(
  source: PostingsSource,
  options: RankerOptions,
): PostingsRanker;

export function createWordPostings(db: Database, options: RankerOptions): PostingsRanker;

export const WORD_POSTINGS_SQL: {
  vocabulary: string;
  occurrences: string;
  lengths: string;
  changed: string;
};
