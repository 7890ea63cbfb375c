/**
 * Text for the covers' SVG. librsvg lays the SVG out without telling us how wide a line is, so
 * lines are broken here from an estimate: a CJK character (and full-width punctuation) is one
 * em wide, Latin letters and digits about 0.58 em, spaces 0.3 em. Good enough for titles; the
 * font sizes leave a margin for the estimate's error.
 */

const WIDE =
  /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

/** The title and code go into SVG as text: nothing in them may become markup. */
export function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Width of `text` in em. */
export function emWidth(text: string): number {
  let width = 0;
  for (const char of text) width += WIDE.test(char) ? 1 : char === ' ' ? 0.3 : 0.58;
  return width;
}

/**
 * Breaks `text` into lines of at most `maxEm` em: a CJK character may end a line anywhere, a
 * Latin word stays whole unless it alone is too long; punctuation that must not start a line
 * (，。、！？) stays with the character before it.
 */
export function wrapText(text: string, maxEm: number): string[] {
  const tokens =
    text
      .replace(/\s+/g, ' ')
      .trim()
      .match(/[A-Za-z0-9_.+#'-]+|\s|./gu) ?? [];
  const lines: string[] = [];
  let line = '';
  for (const token of tokens) {
    const closing = /^[，。、！？：；）》」』,.!?:;)]$/u.test(token);
    if (line && !closing && emWidth(line + token) > maxEm) {
      lines.push(line.trimEnd());
      line = token === ' ' ? '' : token;
    } else {
      line += token;
    }
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines;
}
