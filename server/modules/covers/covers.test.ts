import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { COVER_STYLES } from '../../../contract/cover.ts';
import { chartCoverSvg } from './chart-cover.ts';
import { codeCoverSvg, highlightedLines } from './code-cover.ts';
import { renderCover, styleForTitle } from './render-cover.ts';
import { emWidth, escapeXml, wrapText } from './svg-text.ts';
import { textCoverSvg } from './text-cover.ts';

const digest = (data: Buffer) => createHash('sha1').update(data).digest('hex');

describe('cover text layout', () => {
  it('measures CJK characters as one em and Latin letters narrower', () => {
    expect(emWidth('中文')).toBe(2);
    expect(emWidth('ab')).toBeLessThan(1.2);
  });

  it('breaks a Chinese title anywhere but keeps Latin words whole and punctuation attached', () => {
    const lines = wrapText('用 TypeScript 写一个小工具，真的很快', 6);
    expect(lines.join('').replace(/\s/g, '')).toBe('用TypeScript写一个小工具，真的很快');
    expect(lines.some((line) => line.includes('TypeScript'))).toBe(true);
    expect(lines.every((line) => !line.startsWith('，'))).toBe(true);
    for (const line of lines) expect(emWidth(line)).toBeLessThanOrEqual(7);
  });

  it('escapes everything that could become markup', () => {
    expect(escapeXml(`<image href="x"/>&'`)).toBe('&lt;image href=&quot;x&quot;/&gt;&amp;&apos;');
  });

  it('colours code tokens and keeps lines', () => {
    const lines = highlightedLines('const a = "<b>";\n// 注释', 'ts');
    expect(lines).toHaveLength(2);
    expect(lines[0].map((segment) => segment.text).join('')).toBe('const a = "<b>";');
    const colours = new Set(lines.flat().map((segment) => segment.colour));
    expect(colours.size).toBeGreaterThanOrEqual(3);
  });
});

describe('generated covers', () => {
  it('renders distinct valid JPEGs for every style, a code snippet and a chart', async () => {
    const svgs = [
      ...COVER_STYLES.map((style) => textCoverSvg({ title: '一套够用的中文界面字号规范', style })),
      textCoverSvg({ title: '空状态也是设计的一部分', style: 'cream', aspect: '16:9' }),
      codeCoverSvg({
        title: 'Rust 所有权',
        language: 'rust',
        code: 'let book = String::from("vibe");\nlet reader = &book;',
      }),
      chartCoverSvg({
        title: '本地跑小模型',
        unit: '每秒生成的 token 数',
        bars: [
          { label: '1B', value: 85 },
          { label: '7B', value: 18 },
        ],
      }),
    ];
    const images = await Promise.all(svgs.map(renderCover));
    const metas = await Promise.all(images.map((image) => sharp(image).metadata()));
    for (const meta of metas) {
      expect(meta.format).toBe('jpeg');
      expect(Math.max(meta.width, meta.height)).toBe(1080);
    }
    expect(metas[0]).toMatchObject({ width: 810, height: 1080 });
    expect(metas[COVER_STYLES.length]).toMatchObject({ width: 1080, height: 608 });
    expect(new Set(images.map(digest)).size).toBe(images.length);
  });

  it('draws the title, not a blank card: the text changes the pixels', async () => {
    const [one, other] = await Promise.all(
      ['周末在咖啡馆做完了一个小工具', '程序员的颈椎自救指南'].map((title) =>
        sharp(Buffer.from(textCoverSvg({ title, style: 'mint' })))
          .greyscale()
          .raw()
          .toBuffer(),
      ),
    );
    let differing = 0;
    for (let index = 0; index < one.length; index++) {
      if (Math.abs(one[index] - other[index]) > 40) differing++;
    }
    expect(differing / one.length).toBeGreaterThan(0.02);
  });

  it('keeps a title with markup as text (the SVG still parses)', async () => {
    const svg = textCoverSvg({ title: '<image href="file:///etc/passwd"/> & 标题', style: 'sky' });
    expect(svg).not.toContain('<image');
    const meta = await sharp(await renderCover(svg)).metadata();
    expect(meta.format).toBe('jpeg');
  });

  it('picks the same card for the same title', () => {
    expect(styleForTitle('配色不用愁')).toBe(styleForTitle('配色不用愁'));
    const styles = new Set(['一', '二', '三', '四', '五', '六', '七', '八'].map(styleForTitle));
    expect(styles.size).toBeGreaterThan(1);
  });
});
