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
});
