import type { CoverStyle } from '../../../contract/cover.ts';
import { coverSize } from './cover-size.ts';
import type { CoverAspect } from './cover-size.ts';
import { SANS_FAMILIES } from './fonts.ts';
import { emWidth, escapeXml, wrapText } from './svg-text.ts';

interface Card {
  background: string;
  ink: string;
  accent: string;
  /** The faint dots and rules. */
  pattern: string;
}

/** Ours: the cards Chinese note apps use for text-first notes, soft colours and dark ink. */
const CARDS: Record<CoverStyle, Card> = {
  cream: { background: '#f7f0e1', ink: '#2b2118', accent: '#f97316', pattern: '#e7dcc4' },
  mint: { background: '#d8f3e6', ink: '#0f3d2e', accent: '#10b981', pattern: '#b9e6d0' },
  sky: { background: '#dcebfd', ink: '#17325c', accent: '#3b82f6', pattern: '#bfd8f7' },
  rose: { background: '#fde4e8', ink: '#5c1427', accent: '#f43f5e', pattern: '#f6c6d0' },
  lemon: { background: '#fdf3a7', ink: '#26200b', accent: '#ea580c', pattern: '#efe082' },
  night: { background: '#141a2a', ink: '#f5f3ff', accent: '#a78bfa', pattern: '#252d44' },
};

export interface TextCoverInput {
  title: string;
  style: CoverStyle;
  aspect?: CoverAspect;
  /** A short label over the title (a category or tag), optional. */
  label?: string;
}

const MAX_LINES = 5;

/** The largest size at which the title fits in MAX_LINES lines of the card's width. */
function fitTitle(title: string, width: number, height: number) {
  const textWidth = width * 0.8;
  const start = Math.round(Math.min(width, height) * 0.15);
  for (let size = start; size >= 40; size -= 4) {
    const lines = wrapText(title, textWidth / size);
    // A last line of one character reads as a mistake: a smaller size usually balances it.
    const orphan = lines.length > 1 && emWidth(lines[lines.length - 1]) < 1.5;
    if (!orphan && lines.length <= MAX_LINES && lines.length * size * 1.3 <= height * 0.62) {
      return { size, lines };
    }
  }
  return { size: 40, lines: wrapText(title, textWidth / 40).slice(0, MAX_LINES) };
}

/**
 * A typographic cover: the title set large and bold on a coloured card, a marker stroke under
 * its last line, a large quotation mark and a dotted ground, as on 小红书-style text notes.
 */
export function textCoverSvg({ title, style, aspect = '3:4', label }: TextCoverInput): string {
  const { width, height } = coverSize(aspect);
  const card = CARDS[style];
  const { size, lines } = fitTitle(title, width, height);
  const lineHeight = Math.round(size * 1.3);
  const left = Math.round(width * 0.1);
  const blockHeight = lines.length * lineHeight;
  const top = Math.round((height - blockHeight) / 2 + size * 0.35);
  const last = lines.length - 1;
  const lastWidth = Math.min(width * 0.8, lines[last] ? size * emWidth(lines[last]) : 0);
  const dot = Math.round(width / 36);

  const tspans = lines
    .map(
      (line, index) =>
        `<tspan x="${left}" y="${top + index * lineHeight}">${escapeXml(line)}</tspan>`,
    )
    .join('');
  const labelSvg = label
    ? `<text x="${left}" y="${Math.round(height * 0.12)}" font-size="${Math.round(size * 0.32)}"
        font-family="${SANS_FAMILIES}" font-weight="700" fill="${card.accent}"># ${escapeXml(label)}</text>`
    : '';

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <pattern id="dots" width="${dot}" height="${dot}" patternUnits="userSpaceOnUse">
      <circle cx="${dot / 2}" cy="${dot / 2}" r="${Math.max(1.5, dot / 12)}" fill="${card.pattern}"/>
    </pattern>
  </defs>
  <rect width="100%" height="100%" fill="${card.background}"/>
  <rect width="100%" height="100%" fill="url(#dots)"/>
  <text x="${width - left}" y="${Math.round(height * 0.3)}" text-anchor="end" font-size="${Math.round(
    Math.min(width, height) * 0.42,
  )}" font-family="Georgia, serif" font-weight="700" fill="${card.accent}" opacity="0.18">”</text>
  ${labelSvg}
  <rect x="${left - size * 0.08}" y="${top + last * lineHeight - size * 0.32}" width="${lastWidth + size * 0.16}"
    height="${size * 0.42}" rx="${size * 0.12}" fill="${card.accent}" opacity="0.35"/>
  <text font-family="${SANS_FAMILIES}" font-weight="800" font-size="${size}" fill="${card.ink}">${tspans}</text>
  <rect x="${left}" y="${height - Math.round(height * 0.09)}" width="${Math.round(width * 0.12)}"
    height="${Math.max(6, Math.round(size * 0.08))}" rx="4" fill="${card.accent}"/>
</svg>`;
}
