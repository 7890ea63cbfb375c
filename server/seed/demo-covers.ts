import type { CoverStyle } from '../../contract/cover.ts';
import { chartCoverSvg } from '../modules/covers/chart-cover.ts';
import { codeCoverSvg } from '../modules/covers/code-cover.ts';
import { renderCover } from '../modules/covers/render-cover.ts';
import { textCoverSvg } from '../modules/covers/text-cover.ts';
import { demoImage, PALETTES } from './demo-images.ts';
import type { Aspect, PaletteName } from './demo-images.ts';

/**
 * How a demo note's first picture is drawn: a typographic card of its title, its first code
 * block as an editor window, a chart of its figures, or (no `cover`) the abstract picture.
 */
export type DemoCover =
  | { kind: 'text'; style: CoverStyle }
  | { kind: 'code' }
  | { kind: 'chart'; unit: string; bars: Array<[label: string, value: number]> };

interface CoverNote {
  title: string;
  content: string;
  category: PaletteName;
  tags: string[];
  cover?: DemoCover;
}

/** The first fenced code block of a note's Markdown, with its language. */
export function firstCodeBlock(markdown: string): { language: string; code: string } | null {
  const match = /```(\w*)\n([\s\S]*?)```/.exec(markdown);
  return match ? { language: match[1] || 'plaintext', code: match[2] } : null;
}

/** The cover's SVG; code and charts are always 4:3, text covers take the note's shape. */
function coverSvg(note: CoverNote, aspect: Aspect): string | null {
  const palette = PALETTES[note.category];
  switch (note.cover?.kind) {
    case 'text':
      return textCoverSvg({
        title: note.title,
        style: note.cover.style,
        aspect,
        label: note.tags[0],
      });
    case 'code': {
      const block = firstCodeBlock(note.content);
      return block
        ? // 4:3 whatever the note's first picture: wider cards crush the code into a strip.
          codeCoverSvg({
            title: note.title,
            ...block,
            aspect: '4:3',
            backdrop: [palette[1], palette[2]],
          })
        : null;
    }
    case 'chart':
      return chartCoverSvg({
        title: note.title,
        unit: note.cover.unit,
        bars: note.cover.bars.map(([label, value]) => ({ label, value })),
        aspect: '4:3',
        colours: { background: '#f8fafc', ink: '#0f172a', bar: palette[0] },
      });
    default:
      return null;
  }
}

/**
 * A demo note's picture at `position`: the first is its generated cover when it has one and
 * the machine has a Chinese font (see fonts.ts); every other picture is abstract.
 */
export async function demoPicture(
  note: CoverNote,
  aspect: Aspect,
  position: number,
  seed: number,
  chineseFont: boolean,
): Promise<Buffer> {
  const svg = position === 0 && chineseFont ? coverSvg(note, aspect) : null;
  return svg ? renderCover(svg) : demoImage(note.category, aspect, seed);
}
