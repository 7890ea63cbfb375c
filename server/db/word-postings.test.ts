import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRandom } from '../../bench/chinese-text.ts';
import {
  countedNotes,
  createWordPostings,
  heaviestFirst,
  noteLengths,
  weightOrder,
} from './word-postings.js';
import type { IndexChanges } from './word-postings.js';

const VOCABULARY = ['编程', '咖啡', '摄影', '设计', 'ai', '旅行', '字体', '夜景'];
const FILLER = ['的', '我', '今天', '一个', '方法'];

/**
 * Every note holding a word, ranked as word-postings.js must: the brute-force reference. A word
 * that no note holds is left out of the query.
 */
function reference(notes: Map<number, string>, asked: string[]) {
  const words = asked.filter((word) =>
    [...notes.values()].some((text) => text.split(' ').includes(word)),
  );
  const documents = notes.size;
  const lengths = [...notes.values()].map((text) => text.split(' ').length);
  const average = lengths.reduce((sum, length) => sum + length, 0) / documents;
  const idf = words.map((word) => {
    const holding = [...notes.values()].filter((text) => text.split(' ').includes(word)).length;
    return Math.log((documents - holding + 0.5) / (holding + 0.5) + 1);
  });
  const ranked = [...notes]
    .map(([id, text]) => {
      const tokens = text.split(' ');
      let held = 0;
      let score = 0;
      words.forEach((word, t) => {
        const count = tokens.filter((token) => token === word).length;
        if (count === 0) return;
        held += 1;
        score +=
          (idf[t] * (count * 2.2)) / (count + 1.2 * (0.25 + (0.75 * tokens.length) / average));
      });
      return { id, all: held === words.length, held, score };
    })
    .filter((note) => note.held > 0)
    .sort((a, b) => Number(b.all) - Number(a.all) || b.score - a.score || b.id - a.id);
  return ranked;
}

describe('word postings (in-memory search of whole words)', () => {
  let dir: string;
  let writer: SQLite.Database;
  let reader: SQLite.Database;
  const notes = new Map<number, string>();
  const none: IndexChanges = { seq: 0, window: 64, recent: [] };

  const write = (id: number, text: string | null) => {
    writer.prepare('DELETE FROM post_fts WHERE rowid = ?').run(id);
    if (text === null) notes.delete(id);
    else {
      writer
        .prepare('INSERT INTO post_fts (rowid, words, chars) VALUES (?, ?, ?)')
        .run(id, text, '');
      notes.set(id, text);
    }
  };

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'word-postings-'));
    const file = path.join(dir, 'index.db');
    writer = new SQLite(file);
    writer.pragma('journal_mode = WAL');
    writer.exec("CREATE VIRTUAL TABLE post_fts USING fts5(words, chars, tokenize = 'unicode61')");
    const random = createRandom(42);
    for (let id = 1; id <= 300; id += 1) {
      const tokens = Array.from({ length: 4 + random.int(12) }, () =>
        random.next() < 0.3 ? random.pick(VOCABULARY) : random.pick(FILLER),
      );
      write(id, tokens.join(' '));
    }
    reader = new SQLite(file, { readonly: true });
  });
  afterEach(() => {
    reader.close();
    writer.close();
    notes.clear();
    rmSync(dir, { recursive: true, force: true });
  });

  it('ranks notes holding every word first, then by BM25, as a full scan would', () => {
    const postings = createWordPostings(reader, { maxBytes: 2 ** 20 });
    const queries = [
      ['编程'],
      ['编程', '咖啡'],
      ['摄影', 'ai', '夜景'],
      ['字体', '没有'],
      // Long queries: notes holding fewer words are left unscored once they cannot rank.
      ['编程', '咖啡', '摄影', '设计', 'ai'],
      [...VOCABULARY],
    ];
    for (const words of queries) {
      const expected = reference(notes, words);
      const found = postings.rank({ words, offset: 0, needed: 20, cap: 1000, changes: none });
      expect(found.ids).toEqual(expected.slice(0, 20).map((note) => note.id));
      expect(found.total).toBe(expected.length);
    }
  });

  it('leaves out a word that no note holds, and keeps little of it', () => {
    const postings = createWordPostings(reader, { maxBytes: 2 ** 20 });
    const page = { offset: 0, needed: 20, cap: 1000, changes: none };
    const known = postings.rank({ words: ['摄影', '夜景'], ...page });
    const before = postings.bytes();
    const absent = Array.from({ length: 50 }, (_, at) => `${at}号`);
    for (const word of absent) {
      expect(postings.rank({ words: ['摄影', word, '夜景'], ...page })).toEqual(known);
    }
    // Each absent word shares one set of empty bitsets (some 100 bytes of them at 300 notes).
    expect(postings.bytes() - before).toBe(absent.length * 256);
    expect(postings.rank({ words: absent.slice(0, 3), ...page })).toEqual({ ids: [], total: 0 });
  });

  it('keeps a word that only a note written since its postings were read holds', () => {
    const postings = createWordPostings(reader, { maxBytes: 2 ** 20 });
    const page = { offset: 0, needed: 20, cap: 1000 };
    expect(postings.rank({ words: ['新词'], ...page, changes: none }).ids).toEqual([]);
    write(301, '新词 夜景 摄影');
    const changes: IndexChanges = { seq: 1, window: 64, recent: [301] };
    const found = postings.rank({ words: ['摄影', '新词', '没有', '夜景'], ...page, changes });
    expect(found.ids[0]).toBe(301);
    expect(found.ids).toEqual(
      reference(notes, ['摄影', '新词', '夜景'])
        .slice(0, 20)
        .map((note) => note.id),
    );
  });

  it('pages by offset, caps the total and stays right when the budget drops lists', () => {
    const postings = createWordPostings(reader, { maxBytes: 1 });
    const words = ['设计', '旅行'];
    const expected = reference(notes, words).map((note) => note.id);
    const second = postings.rank({ words, offset: 10, needed: 20, cap: 15, changes: none });
    expect(second.ids).toEqual(expected.slice(10, 20));
    expect(second.total).toBe(Math.min(15, expected.length));
  });

  it('ranks past the notes a list keeps in weight order as it ranks within them', () => {
    // Three kept: the notes holding one word alone, read in weight order, soon run past them.
    const postings = createWordPostings(reader, { maxBytes: 2 ** 20, bestKept: 3 });
    for (const words of [['编程'], ['字体', '夜景'], ['摄影', 'ai', '夜景']]) {
      const expected = reference(notes, words).map((note) => note.id);
      const found = postings.rank({ words, offset: 5, needed: 300, cap: 1000, changes: none });
      expect(found.ids).toEqual(expected.slice(5, 300));
    }
  });

  it('reads the notes written since its postings were loaded afresh', () => {
    const postings = createWordPostings(reader, { maxBytes: 2 ** 20 });
    const words = ['咖啡', '夜景'];
    postings.rank({ words, offset: 0, needed: 20, cap: 1000, changes: none });

    const best = reference(notes, words)[0].id;
    write(best, '今天 的 方法');
    write(301, '咖啡 夜景 咖啡 夜景');
    const changes: IndexChanges = { seq: 2, window: 64, recent: [best, 301] };
    const found = postings.rank({ words, offset: 0, needed: 300, cap: 1000, changes });
    const expected = reference(notes, words);
    expect(found.ids[0]).toBe(301);
    expect(found.ids).not.toContain(best);
    expect(found.ids).toEqual(expected.map((note) => note.id));
    expect(found.total).toBe(expected.length);
  });

  it('keeps a ranking for its words in any order, until a write or 30 s later', () => {
    // Past 0, which lru-cache reads as no time at all (nothing would expire).
    let clock = 1000;
    const postings = createWordPostings(reader, { maxBytes: 2 ** 20, now: () => clock });
    const page = { offset: 0, needed: 20, cap: 1000 };
    const first = postings.rank({ words: ['摄影', 'ai', '夜景'], ...page, changes: none });
    expect(first.ids).toEqual(
      reference(notes, ['摄影', 'ai', '夜景'])
        .slice(0, 20)
        .map((note) => note.id),
    );
    // The same words in another order, or with one no note holds: the ranking kept.
    for (const words of [
      ['夜景', '摄影', 'ai'],
      ['ai', '没有', '夜景', '摄影'],
    ]) {
      const again = postings.rank({ words, ...page, changes: none });
      expect(again).toBe(first);
      // What a ranker that kept nothing answers for them.
      const fresh = createWordPostings(reader, { maxBytes: 2 ** 20 });
      expect(fresh.rank({ words, ...page, changes: none })).toEqual(first);
    }
    // Another page of the same words is a ranking of its own.
    const deeper = postings.rank({
      words: ['ai', '夜景', '摄影'],
      ...page,
      needed: 30,
      changes: none,
    });
    expect(deeper.ids).toEqual(
      reference(notes, ['摄影', 'ai', '夜景'])
        .slice(0, 30)
        .map((note) => note.id),
    );

    clock += 29_999;
    expect(postings.rank({ words: ['摄影', '夜景', 'ai'], ...page, changes: none })).toBe(first);
    clock += 2;
    const expired = postings.rank({ words: ['摄影', '夜景', 'ai'], ...page, changes: none });
    expect(expired).not.toBe(first);
    expect(expired).toEqual(first);

    write(301, '摄影 ai 夜景 摄影 ai 夜景');
    const changes: IndexChanges = { seq: 1, window: 64, recent: [301] };
    const written = postings.rank({ words: ['夜景', 'ai', '摄影'], ...page, changes });
    expect(written.ids[0]).toBe(301);
  });

  it('ranks again once a write counted before its commit is committed', () => {
    const postings = createWordPostings(reader, { maxBytes: 2 ** 20 });
    const page = { offset: 0, needed: 20, cap: 1000 };
    // The main thread counts a note's write to the index inside its transaction: a search can
    // be ranked under that count before the note is committed, and again after.
    const changes: IndexChanges = { seq: 1, window: 64, recent: [301] };
    const before = postings.rank({ words: ['字体', '夜景'], ...page, changes });
    expect(before.ids).not.toContain(301);
    write(301, '字体 夜景 字体 夜景');
    const after = postings.rank({ words: ['夜景', '字体'], ...page, changes });
    expect(after.ids[0]).toBe(301);
    expect(after.ids).toEqual(
      reference(notes, ['字体', '夜景'])
        .slice(0, 20)
        .map((note) => note.id),
    );
  });

  it('reloads postings older than half the window of recent writes', () => {
    const postings = createWordPostings(reader, { maxBytes: 2 ** 20 });
    const words = ['ai'];
    postings.rank({ words, offset: 0, needed: 5, cap: 1000, changes: none });
    write(302, 'ai ai ai');
    // Written long enough ago that the note is no longer among the recent ids sent.
    const later: IndexChanges = { seq: 40, window: 64, recent: [] };
    const found = postings.rank({ words, offset: 0, needed: 5, cap: 1000, changes: later });
    expect(found.ids[0]).toBe(302);
  });
});

describe('weightOrder', () => {
  it('orders positions heaviest first, ties to the later position, by keys or by comparison', () => {
    const random = createRandom(5);
    // Few distinct weights, so that ties are common, as in real lists.
    const steps = [0.31, 0.9, 1.25, 1.7, 2.05];
    const weights = Float32Array.from({ length: 5000 }, () => random.pick(steps));
    const expected = Array.from(weights.keys()).sort((a, b) => weights[b] - weights[a] || b - a);
    expect([...weightOrder(weights)]).toEqual(expected);
    // A list longer than the keys can hold is ordered the same.
    expect([...weightOrder(weights, 1000)]).toEqual(expected);
    expect([...weightOrder(new Float32Array(0))]).toEqual([]);
  });
});

describe('heaviestFirst', () => {
  it("gives the head of weightOrder's order, ties to the later position", () => {
    const random = createRandom(9);
    const steps = [0.31, 0.9, 1.25, 1.7, 2.05];
    const weights = Float32Array.from({ length: 5000 }, () => random.pick(steps));
    const order = [...weightOrder(weights)];
    for (const count of [1, 20, 999, 1000, 1001, 4999]) {
      expect([...heaviestFirst(weights, count)]).toEqual(order.slice(0, count));
    }
    // As many as there are, or more: the whole order.
    expect([...heaviestFirst(weights, 5000)]).toEqual(order);
    expect([...heaviestFirst(weights, 8000)]).toEqual(order);
  });
});

/** A reader of note lists, with its typed arrays as plain ones to compare. */
const plain =
  (read: (text: string) => { notes: ArrayLike<number>; counts: ArrayLike<number> }) =>
  (text: string) => {
    const { notes, counts } = read(text);
    return { notes: Array.from(notes), counts: Array.from(counts) };
  };

describe('countedNotes', () => {
  it('counts each note of an occurrence list once, in order, up to 65,535', () => {
    const read = plain(countedNotes);
    expect(read('')).toEqual({ notes: [], counts: [] });
    expect(read('7')).toEqual({ notes: [7], counts: [1] });
    expect(read('3,3,10,98765,98765,98765')).toEqual({
      notes: [3, 10, 98765],
      counts: [2, 1, 3],
    });
    const many = Array.from({ length: 70_000 }, () => '42').join(',');
    expect(read(`1,${many},43`)).toEqual({ notes: [1, 42, 43], counts: [1, 0xffff, 1] });
  });
});

describe('noteLengths', () => {
  it("reads each note's first varint of FTS5's docsize, past the other columns'", () => {
    const read = plain(noteLengths);
    expect(read('')).toEqual({ notes: [], counts: [] });
    // 300 is 0x82 0x2C as a varint; 16,384 is 0x81 0x80 0x00; a note with no docsize has none.
    expect(read('4:0507,12:822C01,99999:8180000A,7:')).toEqual({
      notes: [4, 12, 99999, 7],
      counts: [5, 300, 16_384, 0],
    });
  });
});
