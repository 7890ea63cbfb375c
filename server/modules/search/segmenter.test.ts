import { describe, expect, it } from 'vitest';
import { charTokens, indexText, parseQuery, wordTokens } from './segmenter.ts';

describe('segmenter', () => {
  it('cuts Chinese into single characters and keeps Latin words and numbers whole', () => {
    expect(charTokens('用 AI 写TypeScript，2024年')).toEqual([
      '用',
      'ai',
      '写',
      'typescript',
      '2024',
      '年',
    ]);
  });

  it('finds jieba words for relevance, lowercased and without punctuation', () => {
    const words = wordTokens('深度学习改变了前端开发！Node.js 很好用');
    expect(words).toEqual(expect.arrayContaining(['深度', '学习', '前端', '开发', 'node', 'js']));
    expect(words.join(' ')).not.toMatch(/[！.]/);
  });

  it('indexes the title, the tags and the body', () => {
    const text = indexText({ title: '设计系统', tags: ['Figma'], content: '色彩与字体' });
    expect(text.chars.split(' ')).toEqual([
      '设',
      '计',
      '系',
      '统',
      'figma',
      '色',
      '彩',
      '与',
      '字',
      '体',
    ]);
    expect(text.words.split(' ')).toEqual(
      expect.arrayContaining(['设计', '系统', 'figma', '色彩']),
    );
  });

  it('turns a query into terms and drops everything that is not a letter or digit', () => {
    expect(parseQuery(' 编程  AI ')).toEqual([
      { chars: ['编', '程'], words: ['编程'] },
      { chars: ['ai'], words: ['ai'] },
    ]);
    expect(parseQuery('" * ( ) : ^ -')).toEqual([]);
    expect(parseQuery('"AND" OR*')).toEqual([
      { chars: ['and'], words: ['and'] },
      { chars: ['or'], words: ['or'] },
    ]);
  });
});
