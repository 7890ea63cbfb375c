// PostgreSQL's postings and note lengths as they arrive (postgres-postings.ts): a note and a
// count as six bytes, big-endian (int4send, int2send), all in one bytea. Decoded by the thread
// that ranks (postings-worker.js), so the thread that answers requests only copies the bytes.
// Plain JavaScript, as the worker is.

const RECORD_BYTES = 6;

/**
 * The notes and counts of such bytes.
 * @param {Uint8Array} bytes
 * @param {number} loadedAt
 */
export function readNoteCounts(bytes, loadedAt) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size = Math.floor(bytes.byteLength / RECORD_BYTES);
  const notes = new Int32Array(size);
  const counts = new Uint16Array(size);
  for (let at = 0; at < size; at += 1) {
    notes[at] = view.getInt32(at * RECORD_BYTES);
    counts[at] = view.getUint16(at * RECORD_BYTES + 4);
  }
  return { notes, counts, loadedAt };
}
