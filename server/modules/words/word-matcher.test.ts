import { describe, expect, it } from 'vitest';
import { createWordMatcher, normalizeForMatch } from './word-matcher.ts';

describe('word matcher', () => {
  it('folds width and case and drops spaces and punctuation', () => {
    expect(normalizeForMatch('Ａｂｃ　１２３，好！ ok')).toBe('abc123好ok');
  });

  it('finds each listed word once, named as the admin wrote it', () => {
    const matcher = createWordMatcher(['VPN', '加微信', '微信']);
    expect(matcher.find('ｖ-p-n 和 加.微.信，再加微信').sort()).toEqual(['VPN', '加微信', '微信']);
    expect(matcher.find('今天天气很好')).toEqual([]);
    expect(createWordMatcher(['', ' ， ']).find('任何内容')).toEqual([]);
  });
});
