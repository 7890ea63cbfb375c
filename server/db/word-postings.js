// Ranks a query of whole words from postings held in memory by a read worker (read-worker.js).
// Plain JavaScript so that the workers run it without the TypeScript loader.
//
// Each word's postings (a bitset of the notes holding it, how often each holds it, and its
// heaviest notes by BM25 term weight) are read from FTS5 the first time the word is asked for
// and kept, up to a budget, so a query is a few passes over bitsets and the heads of the weight
// orders: no SQL, no note text. See docs/decisions/024-search-in-memory-postings.md and 038.
import { LRUCache } from 'lru-cache';
import quickselect from 'quickselect';
import { createTop, TIER } from './top-notes.js';

const K1 = 1.2;
const B = 0.75;

/** BM25's damping of a term's frequency in a note of `length` tokens, against the mean. */
const damping = (length, average) => K1 * (1 - B + (B * length) / (average || 1));

/**
 * How the read worker learns of writes: the main thread numbers every note it writes to the
 * index (`seq`) and sends the last `window` of those note ids with each query. A note among them
 * is read afresh from the index on every query; postings loaded before the oldest of them are
 * reloaded. A transaction holds SQLite's only write connection, so a load can miss at most the
 * writes of one open transaction: postings stay in use while they are at most half a window old.
 */
export const isFresh = (loadedAt, changes) => loadedAt > changes.seq - changes.window / 2;

function popcount(x) {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

const has = (bits, note) => (bits[note >>> 5] & (1 << (note & 31))) !== 0;

/** A word's occurrences in a space-separated token string. */
function frequency(tokens, word) {
  let count = 0;
  for (const token of tokens) if (token === word) count += 1;
  return count;
}

/** The statements the postings are read with (their plans are checked in query-plans.test.ts). */
export const WORD_POSTINGS_SQL = {
  /** FTS5's view of every occurrence of a term (a TEMP table: the connection is read-only). */
  vocabulary:
    'CREATE VIRTUAL TABLE IF NOT EXISTS temp.post_fts_instances USING fts5vocab(main, post_fts, instance)',
  // Every occurrence's note as one text, in note order (FTS5 reads the word's postings in
  // order, and group_concat joins rows as they are read): a row per occurrence handed to
  // JavaScript cost twice SQLite's own read (decision 072), and counting runs in JavaScript costs
  // half of what GROUP BY does.
  occurrences:
    "SELECT group_concat(doc) FROM temp.post_fts_instances WHERE term = ? AND col = 'words'",
  /**
   * Every note's token counts: FTS5's own table of two varints a note (about 1 MB at 100 000
   * notes), read whole once and again only after writes (see `isFresh`), as one text of
   * `id:hex` pairs (`noteLengths`): a row a note took four to five times as long (decision 072).
   */
  lengths: "SELECT group_concat(id || ':' || hex(sz)) FROM post_fts_docsize",
  changed: 'SELECT rowid, words FROM post_fts WHERE rowid IN (SELECT value FROM json_each(?))',
};

/**
 * A list keeps its heaviest notes in weight order, at most this many (`best`). A ranking that
 * needs more of one word's notes alone (a deep page, or a word whose heaviest notes mostly hold
 * the query's other words too) orders the whole list for itself. Kept whole for every list,
 * with each note's weight, the orders took 12 bytes a note where its count takes 2.
 */
export const BEST_KEPT = 4096;

/**
 * What a word that no note holds takes of the budget: its bitsets are shared, all zero, so what
 * it holds is its key and its place in the map. Counted, so that a flood of queries of words no
 * note holds (numbers, typos) still ends in a bounded map.
 */
const EMPTY_LIST_BYTES = 256;

/**
 * Rankings kept by the words ranked (`rank`), and for how long. Queries that differ only in the
 * order or spacing of their words (咖啡旅行, 旅行 咖啡), or in words no note holds, rank alike;
 * half of the bench's distinct queries of topic words are another's words so written. Of 30,000
 * of them, 36 % found their ranking among the last 4,096 kept, 50 % among 8,192, 54 % among
 * 16,384; an entry takes some 420 bytes, so 8,192 take 3.4 MB. 30 s is how long the thread that
 * answers requests keeps a query's page (search-service.ts): a ranking of another instance's
 * notes is no staler than that page.
 */
const RANKINGS_KEPT = 8192;
const RANKING_TTL_MS = 30_000;

/** Lists up to this long are ordered by one number a note (`weightOrder`). */
const KEYED_POSITIONS = 2 ** 22;

/**
 * A list's positions by weight, heaviest first, ties to the newest note (the later position:
 * notes are ascending). The bits of a positive float order as the float does, so each position
 * is sorted as one number with its weight's bits above it, by the typed array's own numeric
 * sort: a comparator called for every pair held the thread some 50 ms for a word in 12 000
 * notes, on PostgreSQL the thread that answers requests. Longer lists (beyond any postings
 * budget) are sorted with the comparator.
 * @param {Float32Array} weights
 * @param {number} [keyed] the longest list sorted by keys
 * @returns {Int32Array}
 */
export function weightOrder(weights, keyed = KEYED_POSITIONS) {
  const count = weights.length;
  if (count > keyed) {
    return Int32Array.from(weights.keys()).sort((a, b) => weights[b] - weights[a] || b - a);
  }
  return positionsOf(weightKeys(weights, keyed).sort(), keyed);
}

/**
 * The positions of the `count` heaviest of `weights`, in `weightOrder`'s order: a list's
 * `best`. Their keys are selected first (quickselect leaves the largest `count` of them at the
 * end, in no order) and only they are sorted: ordering all of a word's 80,000 notes took 11 ms
 * of its load, on PostgreSQL's ranking thread most of what that load costs.
 * @param {Float32Array} weights
 * @param {number} count
 * @returns {Int32Array}
 */
export function heaviestFirst(weights, count) {
  if (weights.length <= count || weights.length > KEYED_POSITIONS) {
    return weightOrder(weights).subarray(0, count);
  }
  const keys = weightKeys(weights, KEYED_POSITIONS);
  quickselect(keys, keys.length - count);
  return positionsOf(keys.subarray(keys.length - count).sort(), KEYED_POSITIONS);
}

/** Each position as one number, its weight's bits above it (see `weightOrder`). */
function weightKeys(weights, keyed) {
  const bits = new Uint32Array(weights.buffer, weights.byteOffset, weights.length);
  const keys = new Float64Array(weights.length);
  for (let at = 0; at < keys.length; at += 1) keys[at] = bits[at] * keyed + at;
  return keys;
}

/** The positions of ascending `keys`, the heaviest (the last key) first. */
function positionsOf(keys, keyed) {
  const count = keys.length;
  const order = new Int32Array(count);
  for (let at = 0; at < count; at += 1) order[at] = keys[count - 1 - at] % keyed;
  return order;
}

const COMMA = 0x2c;
const COLON = 0x3a;
const ZERO = 0x30;
/** The value of an upper-case hex digit (SQLite's `hex()`). */
const hexDigit = (code) => (code <= 0x39 ? code - ZERO : code - 0x37);

/** How many entries a comma-separated text holds (none in an empty one). */
function entriesOf(text) {
  let entries = text.length > 0 ? 1 : 0;
  for (let at = 0; at < text.length; at += 1) if (text.charCodeAt(at) === COMMA) entries += 1;
  return entries;
}

/**
 * The notes of a comma-separated list of note ids, one per occurrence in note order, and how
 * often each occurs (at most 65,535). Typed from the start and read a character at a time: arrays
 * grown a note at a time and then copied into typed ones, with the weights worked out through a
 * function per note, took some 15 ms of a common word's load besides its read (decision 067), and
 * splitting the text would make an array of strings as long as the list.
 * @param {string} text
 */
export function countedNotes(text) {
  const length = entriesOf(text);
  const notes = new Int32Array(length);
  const counts = new Uint16Array(length);
  let size = 0;
  let note = 0;
  // One step past the end (of a text that has one), where the last note ends as if a comma
  // followed it.
  for (let at = 0; length > 0 && at <= text.length; at += 1) {
    const code = at < text.length ? text.charCodeAt(at) : COMMA;
    if (code !== COMMA) {
      note = note * 10 + code - ZERO;
      continue;
    }
    if (size > 0 && notes[size - 1] === note) {
      if (counts[size - 1] < 0xffff) counts[size - 1] += 1;
    } else {
      notes[size] = note;
      counts[size] = 1;
      size += 1;
    }
    note = 0;
  }
  return { notes: notes.subarray(0, size), counts: counts.subarray(0, size) };
}

/**
 * Notes and their token counts from comma-separated `id:hex` pairs, where the hex is FTS5's
 * docsize row: each column's token count as a SQLite varint (seven bits a byte, the high bit set
 * on all but the last), `words` first.
 * @param {string} text
 */
export function noteLengths(text) {
  const length = entriesOf(text);
  const notes = new Int32Array(length);
  const counts = new Uint32Array(length);
  let at = 0;
  for (let row = 0; row < length; row += 1) {
    let note = 0;
    for (; at < text.length && text.charCodeAt(at) !== COLON; at += 1) {
      note = note * 10 + text.charCodeAt(at) - ZERO;
    }
    at += 1;
    let count = 0;
    while (at < text.length && text.charCodeAt(at) !== COMMA) {
      const byte = hexDigit(text.charCodeAt(at)) * 16 + hexDigit(text.charCodeAt(at + 1));
      at += 2;
      count = count * 128 + (byte & 0x7f);
      if (byte < 0x80) break;
    }
    // Past the other columns' counts, to the next pair.
    while (at < text.length && text.charCodeAt(at) !== COMMA) at += 1;
    at += 1;
    notes[row] = note;
    counts[row] = count;
  }
  return { notes, counts };
}

/**
 * The postings of a SQLite read connection: FTS5's view of each term's occurrences and its
 * table of note lengths.
 * @param {import('better-sqlite3').Database} db a read-only connection
 * @returns {PostingsSource}
 */
function sqliteSource(db) {
  db.exec(WORD_POSTINGS_SQL.vocabulary);
  const occurrencesOf = db.prepare(WORD_POSTINGS_SQL.occurrences).pluck();
  const sizes = db.prepare(WORD_POSTINGS_SQL.lengths).pluck();
  const changedTexts = db.prepare(WORD_POSTINGS_SQL.changed).raw();
  return {
    postings(word) {
      return countedNotes(occurrencesOf.get(word) ?? '');
    },
    lengths() {
      return noteLengths(sizes.get() ?? '');
    },
    changed(ids, words) {
      if (ids.length === 0) return [];
      return changedTexts.all(JSON.stringify(ids)).map(([note, text]) => {
        const tokens = text ? text.split(' ') : [];
        return {
          note,
          length: tokens.length,
          counts: words.map((word) => frequency(tokens, word)),
        };
      });
    },
  };
}

/**
 * @param {import('better-sqlite3').Database} db a read-only connection
 * @param {{ maxBytes: number, bestKept?: number }} options memory the postings may take at
 *   most, and how many of a list's notes it keeps in weight order (`BEST_KEPT`)
 */
export function createWordPostings(db, options) {
  return createPostingsRanker(sqliteSource(db), options);
}

/**
 * Where postings are read from, synchronously (PostgreSQL's reads them ahead, see `stale`).
 * @typedef {object} PostingsSource
 * @property {(word: string) => { notes: Int32Array, counts: Uint16Array, loadedAt?: number }} postings
 *   the notes holding `word`, ascending, and how often each holds it (at most 65,535)
 * @property {() => { notes: ArrayLike<number>, counts: ArrayLike<number>, loadedAt?: number }} lengths
 *   every note's id and token count, in two arrays of the same order
 * A source that reads ahead gives `loadedAt`, the count of changes seen before it read (writes
 * after it are not in what it read); by default, the query's.
 * @property {(ids: number[], words: string[]) => { note: number, length: number, counts: number[] }[]} changed
 *   the changed notes as they are now (absent when removed): length and each word's frequency
 */

/**
 * @param {PostingsSource} source
 * @param {{ maxBytes: number, bestKept?: number, now?: () => number }} options memory the
 *   postings may take at most, how many of a list's notes it keeps in weight order
 *   (`BEST_KEPT`), and the clock of the rankings kept (tests give theirs)
 */
export function createPostingsRanker(source, options) {
  /** Token counts of the `words` column by note id, their mean, and how many notes there are. */
  let lengths = null;
  const lists = new Map();
  let held = 0;
  /**
   * Rankings by the words ranked, the page, the count of changes they were ranked under and the
   * written notes holding a word: a write to the index changes the key, so a ranking is never
   * used past one. No timer: an expired ranking is dropped when it is asked for or pushed out
   * (`ttlResolution: 0` reads the clock each time rather than keeping a reading with a timer to
   * forget it).
   */
  const rankings = new LRUCache({
    max: RANKINGS_KEPT,
    ttl: RANKING_TTL_MS,
    ttlResolution: 0,
    ...(options.now && { perf: { now: options.now } }),
  });

  /**
   * The bitsets a ranking works in, one 32-bit word per 32 notes, kept between rankings (a
   * ranking runs to its end before the next begins): allocated anew, six of them cost each
   * search 75 KB at 100 000 notes, and the collector's time on the threads that search.
   */
  const scratch = [];
  const scratchOf = (index, size) => {
    if (scratch[index]?.length !== size) scratch[index] = new Uint32Array(size);
    return scratch[index].fill(0);
  };

  function loadLengths(changes) {
    const given = source.lengths();
    const count = given.notes.length;
    let top = 0;
    for (let at = 0; at < count; at += 1) if (given.notes[at] > top) top = given.notes[at];
    const lengthOf = new Uint16Array(top + 1);
    let sum = 0;
    for (let at = 0; at < count; at += 1) {
      const length = Math.min(given.counts[at], 0xffff);
      lengthOf[given.notes[at]] = length;
      sum += length;
    }
    lists.clear();
    const average = sum / (count || 1);
    // Each note's damping, worked out once: a ranking weighs thousands of notes.
    const dampings = Float64Array.from(lengthOf, (length) => damping(length, average));
    const words = (top >>> 5) + 1;
    const empty = {
      counts: new Uint16Array(0),
      covered: 0,
      bits: new Uint32Array(words),
      peaks: new Float32Array(words),
      ranks: new Uint32Array(words),
      best: new Int32Array(0),
      heaviest: 0,
      bytes: EMPTY_LIST_BYTES,
    };
    held = dampings.byteLength + empty.bits.byteLength * 3;
    const loadedAt = given.loadedAt ?? changes.seq;
    return { dampings, words, notes: count, average, loadedAt, empty };
  }

  /** BM25's saturation of a term frequency in a note of the given `damping`. */
  const saturation = (count, damped) => (count * (K1 + 1)) / (count + damped);

  /** A note's damping (one written since the lengths were read has the mean's). */
  const dampingOf = (note) => lengths.dampings[note] ?? damping(0, lengths.average);

  /** A term weight for `count` occurrences, a float32 as the weight orders sort it. */
  const weightIn = (count, damped) => Math.fround(saturation(count, damped));

  /** A note's term weight for `count` occurrences. */
  const weightOf = (count, note) => weightIn(count, dampingOf(note));

  /** Where `note` is in a list's `counts`: the list's notes before its 32-bit word, and a popcount. */
  const positionOf = (list, note) =>
    list.ranks[note >>> 5] + popcount(list.bits[note >>> 5] & ((1 << (note & 31)) - 1));

  /** The weights of `notes` (ascending) with their `counts`. */
  function weightsOf(notes, counts) {
    const weights = new Float32Array(notes.length);
    for (let at = 0; at < notes.length; at += 1) weights[at] = weightOf(counts[at], notes[at]);
    return weights;
  }

  /** A list's notes in weight order, past `best` too: built for one ranking, not kept. */
  function wholeOrder(list) {
    const notes = new Int32Array(list.covered);
    let at = 0;
    list.bits.forEach((bits, word) => {
      for (let x = bits; x !== 0; x &= x - 1) notes[at++] = word * 32 + 31 - Math.clz32(x & -x);
    });
    return weightOrder(weightsOf(notes, list.counts)).map((position) => notes[position]);
  }

  function loadList(word, changes) {
    const postings = source.postings(word);
    const count = postings.notes.length;
    if (count === 0) {
      const list = { ...lengths.empty, loadedAt: postings.loadedAt ?? changes.seq };
      keep(word, list);
      return list;
    }
    // A copy of its own, as long as the list: the source's may be a view of a longer buffer.
    const counts = postings.counts.slice();
    const bits = new Uint32Array(lengths.words);
    // The heaviest weight among each 32 notes: what any of them can add to a score at most.
    const peaks = new Float32Array(lengths.words);
    // Notes written after the lengths were read lie past the bitsets (they are among the
    // changed notes, scored from their text): ascending, they are the list's tail. `covered`
    // counts the others.
    let covered = 0;
    while (covered < count && postings.notes[covered] >>> 5 < bits.length) covered += 1;
    const notes = postings.notes.subarray(0, covered);
    const weights = weightsOf(notes, counts);
    notes.forEach((note, at) => {
      bits[note >>> 5] |= 1 << (note & 31);
      peaks[note >>> 5] = Math.max(peaks[note >>> 5], weights[at]);
    });
    // Set bits before each 32-note word, so a note's position in `counts` is one popcount away.
    const ranks = new Uint32Array(lengths.words);
    for (let word = 1; word < ranks.length; word += 1) {
      ranks[word] = ranks[word - 1] + popcount(bits[word - 1]);
    }
    const kept = heaviestFirst(weights, options.bestKept ?? BEST_KEPT);
    const best = Int32Array.from(kept, (position) => notes[position]);
    const heaviest = covered > 0 ? weights[kept[0]] : 0;
    const bytes = counts.byteLength + bits.byteLength * 3 + best.byteLength;
    const loadedAt = postings.loadedAt ?? changes.seq;
    const list = { counts, covered, bits, peaks, ranks, best, heaviest, bytes, loadedAt };
    keep(word, list);
    return list;
  }

  /** Keeps `list`, dropping the least recently used past the budget (a Map keeps use order). */
  function keep(word, list) {
    const old = lists.get(word);
    if (old) held -= old.bytes;
    lists.delete(word);
    lists.set(word, list);
    held += list.bytes;
    for (const [key, value] of lists) {
      if (held <= options.maxBytes || key === word) break;
      lists.delete(key);
      held -= value.bytes;
    }
  }

  function listOf(word, changes) {
    const list = lists.get(word);
    if (!list || !isFresh(list.loadedAt, changes)) return loadList(word, changes);
    keep(word, list);
    return list;
  }

  /**
   * The notes holding every word that some note holds first, then those holding some of them,
   * each by BM25 (ties to the newest); `ids` are ranks `offset` to `needed - 1`, `total` counts
   * every note holding a word, up to `cap`.
   * @param {{ words: string[], offset: number, needed: number, cap: number,
   *           changes: { seq: number, window: number, recent: number[] } }} query
   */
  function rank({ words: given, offset, needed, cap, changes }) {
    if (!lengths || !isFresh(lengths.loadedAt, changes)) lengths = loadLengths(changes);
    // In one order whatever order they were typed in, so that a ranking kept for its words is
    // the one they would get: scores are summed in this order, and sums in another may differ
    // in their last bit, which decides ties.
    const words = [...given].sort();
    const asked = words.map((word) => listOf(word, changes));
    const changed = source.changed(changes.recent, words);
    // A word no note holds (a typo, a number, a word of no note) is left out: otherwise no note
    // held every word, the notes holding all the others did not rank first, and each such query
    // took the slower path of notes holding several words (decision 066: the read thread spent
    // 0.37 ms a search of two topic words and a number, against 0.26 ms without that path).
    const kept = asked.flatMap((list, t) =>
      list.counts.length > 0 || changed.some((note) => note.counts[t] > 0) ? [t] : [],
    );
    if (kept.length === 0) return { ids: [], total: 0 };
    // The main thread counts a write in its transaction, so a ranking made under a count may
    // miss a note committed later under the same count: the written notes that hold a word, as
    // they are read now, are part of the key.
    const written = changed
      .filter((note) => note.counts.some((count) => count > 0))
      .map((note) => `${note.note}:${note.length}:${note.counts.join(',')}`);
    const pageKey = `${changes.seq}|${offset}|${needed}|${cap}`;
    const key = `${pageKey}|${kept.map((t) => words[t]).join(' ')}|${written.join(';')}`;
    const known = rankings.get(key);
    if (known) return known;
    const ranking = rankKept(asked, kept, changed, { offset, needed, cap, changes });
    rankings.set(key, ranking);
    return ranking;
  }

  /**
   * `rank`'s work for the words `kept` of those `asked` (indexes, in the words' order), with
   * the `changed` notes' counts of every word asked.
   */
  function rankKept(asked, kept, changed, { offset, needed, cap, changes }) {
    // Most queries keep every word: their changed notes are then taken as read, not copied.
    const whole = kept.length === asked.length;
    const sources = whole ? asked : kept.map((t) => asked[t]);
    const fresh = whole
      ? changed
      : changed.map((note) => ({ ...note, counts: kept.map((t) => note.counts[t]) }));
    const idf = sources.map((list, t) => {
      const holding = list.counts.length + fresh.filter((note) => note.counts[t] > 0).length;
      // Notes written since the lengths were read are not in their count: never fewer than hold it.
      const notes = Math.max(lengths.notes, holding);
      return Math.log((notes - holding + 0.5) / (holding + 0.5) + 1);
    });

    // The notes holding every word (changed notes are scored apart, from their text).
    const size = lengths.words;
    const all = scratchOf(0, size);
    all.set(sources[0].bits);
    for (let t = 1; t < sources.length; t += 1) {
      const { bits } = sources[t];
      for (let word = 0; word < size; word += 1) all[word] &= bits[word];
    }
    /** Each changed note's bit, by its 32-bit word: cleared from what the lists' bits say. */
    const changedBits = new Map();
    for (const note of changes.recent) {
      if (note >>> 5 < size)
        changedBits.set(note >>> 5, (changedBits.get(note >>> 5) ?? 0) | (1 << (note & 31)));
    }
    for (const [word, bits] of changedBits) all[word] &= ~bits;

    const top = createTop(needed);
    if (sources.length === 1) {
      bestAlone(sources[0], idf[0], TIER, (note) => has(all, note), top);
    } else {
      offerScored(sources, idf, all, TIER, top);
      let complete = 0;
      for (let word = 0; word < size && complete < needed; word += 1)
        complete += popcount(all[word]);
      if (complete < needed) {
        // Too few hold every word: the notes holding several words but not all are scored
        // whole, then each word's best notes holding only it, read in weight order. Who holds
        // two or more is worked out only here: most queries of words that go together never
        // need it.
        const several = severalNotAll(sources, all, changedBits);
        offerSeveral(sources, idf, several, top);
        const changedNote = (note) =>
          ((changedBits.get(note >>> 5) ?? 0) & (1 << (note & 31))) !== 0;
        const alone = (note) => !has(several, note) && !has(all, note) && !changedNote(note);
        sources.forEach((list, t) => bestAlone(list, idf[t], 0, alone, top));
      }
    }
    for (const { note, length, counts } of fresh) {
      let holds = 0;
      let score = 0;
      counts.forEach((count, t) => {
        if (count === 0) return;
        holds += 1;
        score += idf[t] * saturation(count, damping(length, lengths.average));
      });
      if (holds > 0) top.offer(note, (holds === sources.length ? TIER : 0) + score);
    }
    // Every note holding a word, counted up to `cap`: for words in many notes, within the first
    // few thousand notes.
    let total = fresh.filter((note) => note.counts.some((count) => count > 0)).length;
    for (let word = 0; word < size && total < cap; word += 1) {
      let some = 0;
      for (let t = 0; t < sources.length; t += 1) some |= sources[t].bits[word];
      if (changedBits.size > 0) some &= ~(changedBits.get(word) ?? 0);
      total += popcount(some);
    }
    return { ids: top.sorted().slice(offset), total: Math.min(total, cap) };
  }

  /**
   * Offers every note of `notes` (a bitset) with `tier` plus its score over the lists holding
   * it. A note's weight in a list is at its position there: the list's count of notes before
   * the note's 32-bit word plus a popcount within it. The 32 notes of a word are skipped when
   * the sum of the lists' peaks there could not be kept: with words in one note in seven, a
   * query of two words scored some thousands of notes holding both for twenty places.
   */
  function offerScored(sources, idf, notes, tier, top) {
    const k = sources.length;
    for (let word = 0; word < notes.length; word += 1) {
      const here = notes[word];
      if (here === 0) continue;
      let bound = tier;
      for (let t = 0; t < k; t += 1) {
        if ((sources[t].bits[word] & here) !== 0) bound += idf[t] * sources[t].peaks[word];
      }
      if (!top.wants(bound)) continue;
      for (let x = here; x !== 0; x &= x - 1) {
        const bit = 31 - Math.clz32(x & -x);
        const mask = 1 << bit;
        const note = word * 32 + bit;
        // Looked up once for all the note's lists (`weightOf` looks it up for each).
        const damped = dampingOf(note);
        let key = tier;
        for (let t = 0; t < k; t += 1) {
          const list = sources[t];
          const bits = list.bits[word];
          if ((bits & mask) !== 0) {
            const count = list.counts[list.ranks[word] + popcount(bits & (mask - 1))];
            key += idf[t] * weightIn(count, damped);
          }
        }
        if (top.wants(key)) top.offer(note, key);
      }
    }
  }

  /**
   * The notes holding two or more of `sources`' words but not all of them (`all`), changed
   * notes left out (they are scored apart, from their text).
   */
  function severalNotAll(sources, all, changedBits) {
    const size = all.length;
    const several = scratchOf(1, size);
    // Of two words, holding two is holding all: none holds several but not all.
    if (sources.length === 2) return several;
    const lists = sources.map((list) => list.bits);
    // One pass, each 32-bit word of every list in turn: a pass a list, with the notes holding
    // one so far kept in an array of their own, read and wrote twice as much.
    for (let word = 0; word < size; word += 1) {
      let some = 0;
      let more = 0;
      for (let t = 0; t < lists.length; t += 1) {
        more |= some & lists[t][word];
        some |= lists[t][word];
      }
      several[word] = more & ~all[word];
    }
    for (const [word, bits] of changedBits) several[word] &= ~bits;
    return several;
  }

  /**
   * Offers the notes holding several of the words but not all, those holding the most first. A
   * note's score is at most the sum of the best weights of as many words as it holds, so once
   * the notes kept outscore that bound, notes holding fewer words are not scored: for a long
   * query of common words most notes hold two or three of them, and scoring each of them was
   * most of the query's time (4.5 ms for ten words at 100 000 notes).
   */
  function offerSeveral(sources, idf, several, top) {
    // Of three words, each note of `several` holds two: how many it holds need not be counted.
    const holdingExactly = sources.length > 3 ? wordCounts(sources, several) : () => several;
    const best = sources.map((list, t) => idf[t] * list.heaviest).sort((a, b) => b - a);
    let bound = best.slice(0, sources.length - 1).reduce((sum, weight) => sum + weight, 0);
    for (let held = sources.length - 1; held >= 2; held -= 1) {
      // Slack for sums added in another order.
      if (!top.wants(bound * (1 + 1e-9))) return;
      offerScored(sources, idf, holdingExactly(held), 0, top);
      bound -= best[held - 1];
    }
  }

  /**
   * How many of `sources`' words each note of `notes` holds, as a function of a count that
   * gives the notes holding exactly that many (a bitset).
   */
  function wordCounts(sources, notes) {
    const size = notes.length;
    // Bit p of how many of the words each note holds, counted one word at a time.
    const planes = [];
    for (let p = 0; 1 << p <= sources.length; p += 1) planes.push(scratchOf(3 + p, size));
    for (const { bits } of sources) {
      for (let word = 0; word < size; word += 1) {
        let carry = bits[word] & notes[word];
        for (let p = 0; carry !== 0; p += 1) {
          const next = planes[p][word] & carry;
          planes[p][word] ^= carry;
          carry = next;
        }
      }
    }
    const holding = scratchOf(2, size);
    return (held) => {
      for (let word = 0; word < size; word += 1) {
        let match = notes[word];
        for (let p = 0; p < planes.length && match !== 0; p += 1) {
          match &= held & (1 << p) ? planes[p][word] : ~planes[p][word];
        }
        holding[word] = match;
      }
      return holding;
    };
  }

  /** Offers a list's `eligible` notes in weight order until no later one could be kept. */
  function bestAlone(list, idf, tier, eligible, top) {
    let order = list.best;
    for (let at = 0; at < list.covered; at += 1) {
      if (at === order.length) order = wholeOrder(list);
      const note = order[at];
      const key = tier + idf * weightOf(list.counts[positionOf(list, note)], note);
      if (!top.wants(key)) return;
      if (eligible(note)) top.offer(note, key);
    }
  }

  /**
   * The words whose postings the next `rank` would read from the source (all of them when the
   * note lengths are to be read again first), so that a source can fetch them ahead.
   */
  function stale(words, changes) {
    const whole = !lengths || !isFresh(lengths.loadedAt, changes);
    return {
      lengths: whole,
      words: words.filter((word) => {
        const list = lists.get(word);
        return whole || !list || !isFresh(list.loadedAt, changes);
      }),
    };
  }

  return { rank, stale, bytes: () => held };
}
