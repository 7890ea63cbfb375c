import { describe, expect, it } from 'vitest';
import {
  MAX_CUT_QUERIES,
  charTokens,
  createSearchParser,
  indexText,
  parseSearch,
} from './segmenter.ts';

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
    const words = indexText({
      title: '',
      tags: [],
      content: '深度学习改变了前端开发！Node.js 很好用',
    }).words.split(' ');
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

  it('turns a query into optional words and drops everything that is not a letter or digit', () => {
    expect(parseSearch(' 编程  AI ')).toEqual({
      required: [],
      optional: [
        { column: 'words', tokens: ['编程'] },
        { column: 'words', tokens: ['ai'] },
      ],
    });
    expect(parseSearch('" * ( ) : ^ -')).toEqual({ required: [], optional: [] });
    expect(parseSearch('"AND" OR*').optional).toEqual([{ column: 'words', tokens: ['or'] }]);
    expect(parseSearch('"AND" OR*').required).toEqual([{ column: 'chars', tokens: ['and'] }]);
  });

  it('keeps the meaningful words of a long question, without single characters or 如何', () => {
    const words = parseSearch('如何用 AI 助手提高编程效率并写出更好的单元测试和文档').optional.map(
      (term) => term.tokens[0],
    );
    expect(words).toEqual(expect.arrayContaining(['ai', '助手', '编程', '单元测试', '文档']));
    expect(words).not.toContain('的');
    expect(words).not.toContain('如何');
  });

  it('requires quoted phrases, straight or curly quotes, as characters', () => {
    expect(parseSearch('“单元测试” 文档')).toEqual({
      required: [{ column: 'chars', tokens: ['单', '元', '测', '试'] }],
      optional: [{ column: 'words', tokens: ['文档'] }],
    });
    expect(parseSearch('"AI 助手"').required).toEqual([
      { column: 'chars', tokens: ['ai', '助', '手'] },
    ]);
  });

  it('looks up a query of single characters as characters', () => {
    expect(parseSearch('色')).toEqual({
      required: [],
      optional: [{ column: 'chars', tokens: ['色'] }],
    });
  });
});

describe('createSearchParser', () => {
  /** A cutter that counts its calls and cuts on spaces. */
  function countingCutter() {
    const asked: string[] = [];
    const queryWords = async (text: string) => {
      asked.push(text);
      return text.split(' ').filter(Boolean);
    };
    return { asked, queryWords };
  }

  it('cuts a text once and answers it again from memory, whatever its quoted phrases and spaces', async () => {
    const { asked, queryWords } = countingCutter();
    const parse = createSearchParser(queryWords);
    const first = await parse('摄影 夜景');
    const again = await parse('摄影 夜景');
    const quoted = await parse('"长曝光"   摄影 夜景 ');
    expect(again).toEqual(first);
    expect(first.optional.map((term) => term.tokens)).toEqual([['摄影'], ['夜景']]);
    expect(quoted.required).toEqual([{ column: 'chars', tokens: ['长', '曝', '光'] }]);
    expect(quoted.optional).toEqual(first.optional);
    expect(asked).toEqual(['摄影 夜景']);
  });

  it('shares one cut between searches asked at the same time', async () => {
    const { asked, queryWords } = countingCutter();
    const parse = createSearchParser(queryWords);
    await Promise.all([parse('咖啡 周末'), parse('咖啡 周末'), parse('咖啡 周末')]);
    expect(asked).toEqual(['咖啡 周末']);
  });

  it('keeps no failed cut: the next search of the text asks again', async () => {
    let fail = true;
    const asked: string[] = [];
    const parse = createSearchParser(async (text) => {
      asked.push(text);
      if (fail) throw new Error('the segmenter thread is gone');
      return [text];
    });
    await expect(parse('构图')).rejects.toThrow('the segmenter thread is gone');
    fail = false;
    expect((await parse('构图')).optional).toEqual([{ column: 'words', tokens: ['构图'] }]);
    expect(asked).toEqual(['构图', '构图']);
  });

  it(`remembers at most ${MAX_CUT_QUERIES} texts, the least recently asked going first`, async () => {
    const { asked, queryWords } = countingCutter();
    const parse = createSearchParser(queryWords);
    for (let at = 0; at <= MAX_CUT_QUERIES; at += 1) await parse(`词${at}`);
    await parse(`词${MAX_CUT_QUERIES}`);
    expect(asked).toHaveLength(MAX_CUT_QUERIES + 1);
    await parse('词0');
    expect(asked).toHaveLength(MAX_CUT_QUERIES + 2);
  });
});
