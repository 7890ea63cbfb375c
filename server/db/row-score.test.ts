import { describe, expect, it } from 'vitest';
import { scoreRow } from './row-score.js';

const scoring = (terms: { column: string; phrase: string; idf: number }[]) => ({
  terms,
  averageLength: { words: 20, chars: 20 },
  weights: { words: 1, chars: 0.5 },
});

describe('scoreRow (BM25 of one candidate)', () => {
  const ai = { column: 'words', phrase: 'ai', idf: 1 };
  const testing = { column: 'words', phrase: '单元测试', idf: 3 };

  it('counts whole tokens only and scores nothing for an absent word', () => {
    expect(scoreRow({ words: 'said maid' }, scoring([ai]))).toBe(0);
    expect(scoreRow({ words: 'ai 写 代码' }, scoring([ai]))).toBeGreaterThan(0);
  });

  it('ranks a note holding more of the words, and rarer words, higher', () => {
    const one = scoreRow({ words: 'ai 助手 写 代码 的 方法' }, scoring([ai, testing]));
    const both = scoreRow({ words: 'ai 助手 写 单元测试 的 方法' }, scoring([ai, testing]));
    const rare = scoreRow({ words: '助手 写 单元测试 的 方法 好' }, scoring([ai, testing]));
    expect(both).toBeGreaterThan(rare);
    expect(rare).toBeGreaterThan(one);
  });

  it('favours repeated words (a title counted three times) with diminishing returns', () => {
    const once = scoreRow({ words: 'ai x y z' }, scoring([ai]));
    const thrice = scoreRow({ words: 'ai ai ai z' }, scoring([ai]));
    expect(thrice).toBeGreaterThan(once);
    expect(thrice).toBeLessThan(once * 3);
  });

  it('weighs phrases of characters by their column', () => {
    const phrase = { column: 'chars', phrase: '单 元', idf: 2 };
    expect(scoreRow({ chars: '写 单 元 测 试' }, scoring([phrase]))).toBeGreaterThan(0);
    expect(scoreRow({ chars: '元 单' }, scoring([phrase]))).toBe(0);
  });
});
