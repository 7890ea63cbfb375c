import { describe, expect, it } from 'vitest';
import { EXCERPT_LENGTH, excerptOf, plainText } from './excerpt.ts';

describe('excerpts', () => {
  it('reduces Markdown to the words a reader sees', () => {
    const markdown = [
      '## 标题',
      '',
      '这是**加粗**和`代码`，还有[链接](https://example.com)。',
      '',
      '```ts\nconst hidden = true;\n```',
      '> 引用',
      '- 列表项',
      '![图](/api/uploads/a.png)',
    ].join('\n');
    expect(plainText(markdown)).toBe('标题 这是加粗和代码，还有链接。 引用 列表项');
  });

  it('cuts long text by characters, not bytes, and marks the cut', () => {
    const text = '汉'.repeat(EXCERPT_LENGTH + 10);
    const excerpt = excerptOf(text);
    expect([...excerpt]).toHaveLength(EXCERPT_LENGTH + 1);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(excerptOf('短文')).toBe('短文');
  });

  it('reads the note as the renderer does, where patterns over the text would not', () => {
    const cases: Array<[string, string]> = [
      // html is off: the page shows angle brackets as text, it strips no "tag".
      ['当 a<b 且 c>d 时成立', '当 a<b 且 c>d 时成立'],
      ['注释 <!-- 草稿 --> 也照样显示', '注释 <!-- 草稿 --> 也照样显示'],
      // Underscores inside a word are not emphasis; escaped stars are plain stars.
      ['变量 my_var_name 和 \\*星号\\*', '变量 my_var_name 和 *星号*'],
      // A tilde fence is code too; a setext heading's underline is markup.
      ['前文\n\n~~~\nsecret()\n~~~\n\n后文', '前文 后文'],
      ['标题\n===\n\n正文', '标题 正文'],
      // A reference link shows its words, its definition shows nothing.
      ['见[文档][doc]。\n\n[doc]: https://example.com/doc', '见文档。'],
      ['![图][pic] 看图\n\n[pic]: /api/uploads/a.png', '看图'],
    ];
    for (const [markdown, words] of cases) expect(plainText(markdown)).toBe(words);
  });
});
