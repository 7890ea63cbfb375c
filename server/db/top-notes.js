// The best few notes of a search, for word-postings.js (plain JavaScript for the read workers).

/** Added to the score of a note holding every word, so it ranks above any holding fewer. */
export const TIER = 1e9;

/**
 * The `size` best notes offered, by key (higher first), then the newest: a binary min-heap in
 * typed arrays, so a long list allocates nothing and most notes cost one comparison with the
 * worst kept.
 */
export function createTop(size) {
  const keys = new Float64Array(size);
  const notes = new Int32Array(size);
  let length = 0;
  const below = (i, j) => keys[i] < keys[j] || (keys[i] === keys[j] && notes[i] < notes[j]);
  const swap = (i, j) => {
    const key = keys[i];
    keys[i] = keys[j];
    keys[j] = key;
    const note = notes[i];
    notes[i] = notes[j];
    notes[j] = note;
  };
  const siftDown = () => {
    for (let i = 0; ;) {
      const left = 2 * i + 1;
      let least = i;
      if (left < length && below(left, least)) least = left;
      if (left + 1 < length && below(left + 1, least)) least = left + 1;
      if (least === i) return;
      swap(i, least);
      i = least;
    }
  };
  return {
    /** Whether a note of this key could still be kept. */
    wants: (key) => length < size || key >= keys[0],
    offer(note, key) {
      if (length < size) {
        keys[length] = key;
        notes[length] = note;
        for (let i = length++; i > 0 && below(i, (i - 1) >> 1); i = (i - 1) >> 1) {
          swap(i, (i - 1) >> 1);
        }
      } else if (key > keys[0] || (key === keys[0] && note > notes[0])) {
        keys[0] = key;
        notes[0] = note;
        siftDown();
      }
    },
    /** The notes kept, best first (empties the heap). */
    sorted() {
      const order = [];
      while (length > 0) {
        order.push(notes[0]);
        length -= 1;
        swap(0, length);
        siftDown();
      }
      return order.reverse();
    },
  };
}
