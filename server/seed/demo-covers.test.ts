import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { demoPicture, firstCodeBlock } from './demo-covers.ts';
import { demoImage } from './demo-images.ts';
import { DEMO_NOTES } from './demo-notes.ts';

describe('demo covers', () => {
  it('finds the first fenced code block and its language', () => {
    expect(firstCodeBlock('正文\n\n```rust\nlet a = 1;\n```\n\n```ts\nx\n```')).toEqual({
      language: 'rust',
      code: 'let a = 1;\n',
    });
    expect(firstCodeBlock('没有代码')).toBeNull();
  });

  it('gives every kind of cover to some demo note, and each code cover has code', () => {
    const kinds = new Set(DEMO_NOTES.map((note) => note.cover?.kind ?? 'picture'));
    expect([...kinds].sort()).toEqual(['chart', 'code', 'picture', 'text']);
    for (const note of DEMO_NOTES.filter((item) => item.cover?.kind === 'code')) {
      expect(firstCodeBlock(note.content)).not.toBeNull();
    }
  });

  it('keeps the abstract picture where no Chinese font is installed', async () => {
    const note = DEMO_NOTES.find((item) => item.cover?.kind === 'text')!;
    const [withoutFont, abstract, withFont] = await Promise.all([
      demoPicture(note, '3:4', 0, 7, false),
      demoImage(note.category, '3:4', 7),
      demoPicture(note, '3:4', 0, 7, true),
    ]);
    expect(withoutFont.equals(abstract)).toBe(true);
    expect(withFont.equals(abstract)).toBe(false);
    expect((await sharp(withFont).metadata()).format).toBe('jpeg');
  });
});
