// PostgreSQL's postings and note lengths as they arrive (postgres-postings.ts): a note and a
// count as six bytes, big-endian (int4send, int2send), all in one bytea. Decoded by the thread
// that ranks (postings-worker.js), so the thread that answers requests only copies the bytes.
// Plain JavaScript, as the worker is.

const RECORD_BYTES = 6;

/**
 * The notes and counts of such bytes, and whether the notes came ascending (checked as they are
 * decoded, for `inNoteOrder`).
 * @param {Uint8Array} bytes
 * @param {number} loadedAt
 */
export function readNoteCounts(bytes, loadedAt) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size = Math.floor(bytes.byteLength / RECORD_BYTES);
  const notes = new Int32Array(size);
  const counts = new Uint16Array(size);
  let ascending = true;
  for (let at = 0; at < size; at += 1) {
    notes[at] = view.getInt32(at * RECORD_BYTES);
    counts[at] = view.getUint16(at * RECORD_BYTES + 4);
    if (at > 0 && notes[at] <= notes[at - 1]) ascending = false;
  }
  return { notes, counts, loadedAt, ascending };
}

/**
 * `read` with its notes ascending, as word-postings.js reads a list's: PostgreSQL sends a word's
 * postings in the order of the subquery they are aggregated from (postgres-postings.ts), which
 * it does not promise to keep, so what came out of order is sorted here. Each pair is sorted as
 * one number, the note above its 16-bit count, by the typed array's own numeric sort (as
 * `weightOrder` in word-postings.js sorts).
 * @param {{ notes: Int32Array, counts: Uint16Array, loadedAt: number, ascending: boolean }} read
 */
export function inNoteOrder(read) {
  if (read.ascending) return read;
  const { notes, counts } = read;
  const keys = Float64Array.from(notes, (note, at) => note * 0x10000 + counts[at]);
  keys.sort();
  keys.forEach((key, at) => {
    notes[at] = Math.floor(key / 0x10000);
    counts[at] = key % 0x10000;
  });
  read.ascending = true;
  return read;
}
