import { describe, expect, it, vi } from 'vitest';
import { byPattern, highlighter } from './highlight.ts';
import { parseSearch } from './segmenter.ts';

const rangesFor = (query: string, text: string) => highlighter(parseSearch(query))(text);
const marked = (query: string, text: string) =>
  rangesFor(query, text).map(([start, end]) => text.slice(start, end));

describe('search highlights', () => {
  it('marks every occurrence of each word, as UTF-16 offsets', () => {
    expect(rangesFor('编程 咖啡', '编程和咖啡，再来编程')).toEqual([
      [0, 2],
      [3, 5],
      [8, 10],
    ]);
  });

  it('prefers the longest word at a place and never overlaps', () => {
    expect(marked('单元测试 单元', '写单元测试，先想单元')).toEqual(['单元测试', '单元']);
  });

  it('matches a Latin word whole and in any case', () => {
    expect(marked('ai', 'said AI助手, ai-tools and AIs')).toEqual(['AI', 'ai']);
  });

  it('finds a Latin word after an astral character', () => {
    expect(marked('ai', '𠀀AI 和 a𠀀ai')).toEqual(['AI', 'ai']);
  });

  it('matches a quoted phrase across the spaces and punctuation the index drops', () => {
    expect(marked('"AI助手"', '一个 AI 助手，或 AI-助手')).toEqual(['AI 助手', 'AI-助手']);
  });

  it('finds a word without case beside capitals, and in order among several words', () => {
    expect(rangesFor('编程 2024', 'ABC编程 2024年再编程')).toEqual([
      [3, 5],
      [6, 10],
      [12, 14],
    ]);
  });

  it('keeps offsets right when lowercasing would move them', () => {
    const text = 'İ 编程';
    expect(rangesFor('编程', text)).toEqual([[2, 4]]);
  });
});

describe('quoted phrases', () => {
  /** A small deterministic generator (mulberry32), so a failure names its case. */
  const seeded = (seed: number) => () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const WORDS = ['周末', '旅行', '编程', '咖啡', 'AI', 'ai', 'Ai', 'x', 'said', '2024', '𠀀'];
  const GAPS = ['', ' ', '  ', '，', '-', '·', '😀', '\n', '_', '（'];

  it('are found where the regular expression of their terms finds them', () => {
    const random = seeded(16);
    const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
    for (let round = 0; round < 300; round += 1) {
      const phrase = Array.from({ length: 2 + Math.floor(random() * 2) }, () => pick(WORDS));
      const query = `"${phrase.join(pick([' ', '']))}" ${pick(WORDS)}`;
      const parsed = parseSearch(query);
      const terms = [...parsed.required, ...parsed.optional].sort(
        (a, b) => b.tokens.join('').length - a.tokens.join('').length,
      );
      const text = Array.from({ length: 12 }, () => pick(WORDS) + pick(GAPS)).join('');
      expect(highlighter(parsed)(text), `${query} in ${text}`).toEqual(byPattern(terms)(text));
    }
  });

  it('are found without building a regular expression for each query', () => {
    const built = vi.spyOn(globalThis, 'RegExp');
    try {
      expect(marked('"周末 旅行"', '这个周末，旅行去')).toEqual(['周末，旅行']);
      expect(built).not.toHaveBeenCalled();
    } finally {
      built.mockRestore();
    }
  });
});
