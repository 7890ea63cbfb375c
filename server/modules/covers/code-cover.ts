import { coverSize } from './cover-size.ts';
import type { CoverAspect } from './cover-size.ts';
import { MONO_FAMILIES, SANS_FAMILIES } from './fonts.ts';
import { highlightHtml } from './highlight-html.js';
import { escapeXml, wrapText } from './svg-text.ts';

/** Ours: a dark editor theme (GitHub's dark palette) for the token classes highlight.js emits. */
const TOKEN_COLOURS: Record<string, string> = {
  keyword: '#ff7b72',
  'meta keyword': '#ff7b72',
  built_in: '#ffa657',
  type: '#ffa657',
  string: '#a5d6ff',
  regexp: '#a5d6ff',
  comment: '#8b949e',
  number: '#79c0ff',
  literal: '#79c0ff',
  attr: '#79c0ff',
  property: '#79c0ff',
  variable: '#ffa657',
  title: '#d2a8ff',
  'title function_': '#d2a8ff',
  'title class_': '#ffa657',
  params: '#e6edf3',
  meta: '#8b949e',
};
const PLAIN = '#e6edf3';

interface Segment {
  text: string;
  colour: string;
}

function colourOf(className: string): string | null {
  const name = className.replace(/hljs-/g, '').replace(/_+$/, '_').trim();
  return TOKEN_COLOURS[name] ?? TOKEN_COLOURS[name.split(' ')[0]] ?? null;
}

/** The five entities highlight.js escapes with; segments hold plain text, escaped again in the SVG. */
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
};
const decode = (html: string) => html.replace(/&(?:amp|lt|gt|quot|#x27);/g, (e) => ENTITIES[e]);

/**
 * highlight.js gives HTML: spans with classes around escaped text. The spans become coloured
 * segments of plain text, split at line ends (a comment may span lines).
 */
export function highlightedLines(code: string, language: string): Segment[][] {
  const html = highlightHtml(code, language) ?? escapeXml(code).replace(/&apos;/g, '&#x27;');
  const lines: Segment[][] = [[]];
  const stack: string[] = [];
  for (const [, open, close, text] of html.matchAll(/<span class="([^"]*)">|(<\/span>)|([^<]+)/g)) {
    if (open !== undefined) stack.push(colourOf(open) ?? stack.at(-1) ?? PLAIN);
    else if (close !== undefined) stack.pop();
    else {
      const colour = stack.at(-1) ?? PLAIN;
      decode(text)
        .split('\n')
        .forEach((part, index) => {
          if (index > 0) lines.push([]);
          if (part) lines.at(-1)!.push({ text: part, colour });
        });
    }
  }
  return lines;
}

export interface CodeCoverInput {
  title: string;
  code: string;
  language: string;
  aspect?: CoverAspect;
  /** The two colours of the backdrop behind the editor window. */
  backdrop?: [string, string];
}

const MAX_CODE_LINES = 14;
/** Ours: a code line longer than this many characters is cut with an ellipsis. */
const MAX_COLUMNS = 34;

function clip(line: Segment[]): Segment[] {
  const out: Segment[] = [];
  let room = MAX_COLUMNS;
  for (const segment of line) {
    if (room <= 0) break;
    const text = segment.text.length > room ? `${segment.text.slice(0, room - 1)}…` : segment.text;
    out.push({ ...segment, text });
    room -= segment.text.length;
  }
  return out;
}

/**
 * A code snippet as an image, the way programming notes are shared: the title in bold over an
 * editor window with its three dots, the language's name and the highlighted lines.
 */
export function codeCoverSvg({
  title,
  code,
  language,
  aspect = '4:3',
  backdrop = ['#1e293b', '#4338ca'],
}: CodeCoverInput): string {
  const { width, height } = coverSize(aspect);
  const pad = Math.round(width * 0.07);
  const titleSize = Math.round(Math.min(width, height) * 0.065);
  const titleLines = wrapText(title, (width - pad * 2) / titleSize).slice(0, 2);
  const windowTop = pad + titleLines.length * titleSize * 1.3 + titleSize * 0.4;
  const windowHeight = height - windowTop - pad;
  const windowWidth = width - pad * 2;
  const bar = Math.round(windowHeight * 0.1);
  const codeLines = highlightedLines(code.replace(/\t/g, '  ').trimEnd(), language).slice(
    0,
    MAX_CODE_LINES,
  );
  const byHeight = (windowHeight - bar - pad * 0.8) / (Math.max(codeLines.length, 4) * 1.5);
  const byWidth = (windowWidth - pad * 1.6) / (MAX_COLUMNS * 0.62);
  const codeSize = Math.max(14, Math.floor(Math.min(byHeight, byWidth, 40)));
  const codeLeft = pad + pad * 0.8;

  const titleSvg = titleLines
    .map(
      (line, index) =>
        `<tspan x="${pad}" y="${pad + titleSize + index * titleSize * 1.3}">${escapeXml(line)}</tspan>`,
    )
    .join('');
  const codeSvg = codeLines
    .map((line, index) => {
      const y = windowTop + bar + pad * 0.5 + codeSize * (index + 1) * 1.5;
      const spans = clip(line)
        .map((segment) => `<tspan fill="${segment.colour}">${escapeXml(segment.text)}</tspan>`)
        .join('');
      return `<text x="${codeLeft}" y="${y}" xml:space="preserve">${spans}</text>`;
    })
    .join('\n');
  const dots = ['#ff5f57', '#febc2e', '#28c840']
    .map(
      (colour, index) =>
        `<circle cx="${pad + bar * 0.6 + index * bar * 0.55}" cy="${windowTop + bar / 2}" r="${bar * 0.16}" fill="${colour}"/>`,
    )
    .join('');

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="backdrop" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${backdrop[0]}"/><stop offset="1" stop-color="${backdrop[1]}"/>
    </linearGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#backdrop)"/>
  <text font-family="${SANS_FAMILIES}" font-weight="800" font-size="${titleSize}" fill="#ffffff">${titleSvg}</text>
  <rect x="${pad}" y="${windowTop}" width="${windowWidth}" height="${windowHeight}" rx="${bar * 0.35}" fill="#0d1117" opacity="0.96"/>
  ${dots}
  <text x="${width - pad - bar * 0.5}" y="${windowTop + bar * 0.62}" text-anchor="end" font-size="${bar * 0.36}"
    font-family="${MONO_FAMILIES}" fill="#8b949e">${escapeXml(language)}</text>
  <g font-family="${MONO_FAMILIES}" font-size="${codeSize}">
${codeSvg}
  </g>
</svg>`;
}
