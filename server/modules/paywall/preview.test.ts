import { describe, expect, it } from 'vitest';
import { PREVIEW_MAX_CHARS, freeTextOf, previewOf } from './preview.ts';

const chars = (text: string) => Array.from(text).length;
const paragraph = (label: string, length: number) =>
  `${label}${'内容'.repeat(Math.ceil(length / 2))}`.slice(0, length) + '。';

describe('previewOf', () => {
  it('takes whole paragraphs from the start, within 30 % of the note', () => {
    const note = [paragraph('第一段', 40), paragraph('第二段', 40), paragraph('付费段', 200)].join(
      '\n\n',
    );
    const preview = previewOf(note);
    expect(preview).toBe([paragraph('第一段', 40), paragraph('第二段', 40)].join('\n\n'));
    expect(preview).not.toContain('付费段');
    expect(chars(preview)).toBeLessThanOrEqual(chars(note) * 0.3);
  });

  it('never gives more than 300 characters of a long note', () => {
    const note = Array.from({ length: 40 }, (_, index) => paragraph(`第${index}段`, 90)).join(
      '\n\n',
    );
    const preview = previewOf(note);
    expect(chars(preview)).toBeLessThanOrEqual(PREVIEW_MAX_CHARS);
    expect(chars(preview)).toBeGreaterThan(200);
    expect(note.startsWith(preview)).toBe(true);
  });

  it('cuts a first paragraph that is too long at a sentence, never giving the whole note', () => {
    const note =
      '第一句话说明背景。第二句话继续铺垫。第三句才是付费的秘密结论，而且非常长长长长长长长长长长长长。';
    const preview = previewOf(note);
    expect(preview).toBe('第一句话说明背景。');
    expect(previewOf('短')).toBe('');
    expect(previewOf('四个字啊')).toBe('四');
  });

  it('never shows part of a code block', () => {
    const code = ['```ts', 'const a = 1;', '', ...Array(6).fill('const secret = 2;'), '```'].join(
      '\n',
    );
    const before = paragraph('开头', 30);
    const note = [before, code, paragraph('结尾', 200)].join('\n\n');
    expect(previewOf(note)).toBe(before);
    expect(previewOf([code, paragraph('后文', 300)].join('\n\n'))).toBe('');
    const indented = Array(6).fill('    const hidden = 1;').join('\n');
    expect(previewOf([indented, paragraph('后文', 100)].join('\n\n'))).toBe('');
  });

  it('keeps a short code block that fits, with its blank lines', () => {
    const code = ['```', 'a', '', 'b', '```'].join('\n');
    const note = [code, paragraph('很长的付费正文', 300)].join('\n\n');
    expect(previewOf(note)).toBe(code);
  });

  it('treats an unclosed fence as code to the end', () => {
    const note = [paragraph('开头', 60), '```', 'secret();', paragraph('x', 200)].join('\n\n');
    expect(previewOf(note)).toBe(paragraph('开头', 60));
  });

  it('keeps only the free image and never leaves a link half open', () => {
    const note = [
      '![封面](/api/uploads/first.png) 开头。',
      '![第二张](/api/uploads/second.png) <img src="/api/uploads/third.png">',
      paragraph('付费', 300),
    ].join('\n\n');
    const preview = previewOf(note, '/api/uploads/first.png');
    expect(preview).toContain('/api/uploads/first.png');
    expect(preview).not.toContain('second.png');
    expect(preview).not.toContain('third.png');
    expect(previewOf(note)).not.toContain('first.png');
    const link = `开头。看这里 [一篇很长很长的参考文章](https://example.com/${'x'.repeat(200)}) 结尾${'字'.repeat(300)}`;
    expect(previewOf(link)).toBe('开头。看这里');
    const unfinished = `前面没有句号的一段话 [链接文字${'长'.repeat(200)}](https://x.y) ${'字'.repeat(300)}`;
    expect(previewOf(unfinished)).toBe('前面没有句号的一段话');
  });

  it('decides code, images and cuts as the renderer reads them, not as patterns would', () => {
    const before = paragraph('开头', 40);
    const tail = paragraph('付费正文', 400);
    // A closing fence indented four spaces closes nothing: the secret is still code.
    const fence = ['```', 'code()', '    ```', ...Array(20).fill('secret()'), '```'].join('\n');
    expect(previewOf([before, fence, tail].join('\n\n'))).toBe(before);
    // A reference-style image is an image even where its definition is far away.
    const referenced = `${before}\n\n第二段 ![图][pic] 文字。\n\n${tail}\n\n[pic]: /api/uploads/paid.png`;
    expect(previewOf(referenced)).toBe(before);
    expect(previewOf(referenced, '/api/uploads/paid.png')).toContain('![图][pic]');
    // A cut never leaves emphasis half open (the renderer would show the stars).
    const bold = `前言没有句号 **${'重'.repeat(200)}** ${'字'.repeat(300)}`;
    expect(previewOf(bold)).toBe('前言没有句号');
    // An image inside the paragraph that is cut ends the cut before it.
    const inside = `开头的话 ![图](/api/uploads/paid.png) ${'字'.repeat(400)}`;
    expect(previewOf(inside)).toBe('开头的话');
    // A heading is a block like any other: taken whole when it fits.
    const headed = `## 小标题\n${before}\n\n${tail}`;
    expect(previewOf(headed)).toBe(`## 小标题\n${before}`);
  });

  it('is the start of any note (blank lines aside), at most 30 % long', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const pieces = ['段落。', '```\ncode\n```', '\n\n', '\n', '句子！', 'word ', '`x`', '> 引用'];
    for (let round = 0; round < 300; round += 1) {
      const note = Array.from({ length: 1 + random(60) }, () => pieces[random(pieces.length)]).join(
        '',
      );
      const preview = previewOf(note);
      expect(chars(preview)).toBeLessThanOrEqual(Math.floor(chars(note) * 0.3));
      const visible = (text: string) => text.replace(/\s+/g, '');
      expect(visible(note).startsWith(visible(preview))).toBe(true);
    }
  });
});

describe('freeTextOf', () => {
  it('gives a free note whole and a paid note only its preview', () => {
    const note = [paragraph('开头', 30), paragraph('付费', 300)].join('\n\n');
    expect(freeTextOf(note, 0)).toBe(note);
    expect(freeTextOf(note, 990)).toBe(paragraph('开头', 30));
  });
});
