/** Notes and a count for each, decoded from PostgreSQL's six-byte records (note-counts.js). */
export interface NoteCounts {
  notes: Int32Array;
  counts: Uint16Array;
  /** The count of changes seen before the read began (word-postings.js, `isFresh`). */
  loadedAt: number;
  /** Whether `notes` are in ascending order, each above the one before. */
  ascending: boolean;
}

export function readNoteCounts(bytes: Uint8Array, loadedAt: number): NoteCounts;

/** `read` with its notes ascending: sorted in place when they came out of order. */
export function inNoteOrder(read: NoteCounts): NoteCounts;
