/** Plain-text length of a card's excerpt. */
export const EXCERPT_LENGTH = 120;
/** What a reader who has not bought a paid note may read of it. */
export const PAID_PREVIEW_LENGTH = 200;

/** Markdown reduced to the words a reader sees (no code, links' targets or markup). */
export function plainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?(```|$)/g, ' ')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_~]{1,3}([^*_~]+)[*_~]{1,3}/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

export function excerptOf(markdown: string, length = EXCERPT_LENGTH): string {
  const text = plainText(markdown);
  return text.length <= length ? text : `${[...text].slice(0, length).join('')}…`;
}

/**
 * The free part of a paid note: whole paragraphs while they fit, so Markdown (a code block,
 * a list) is never cut in the middle; at least the first paragraph's opening.
 */
export function paidPreviewOf(markdown: string, length = PAID_PREVIEW_LENGTH): string {
  const paragraphs = markdown.split(/\n{2,}/);
  let preview = '';
  for (const paragraph of paragraphs) {
    if (paragraph.trimStart().startsWith('```')) break;
    const next = preview ? `${preview}\n\n${paragraph}` : paragraph;
    if (next.length > length) break;
    preview = next;
  }
  return preview || `${excerptOf(markdown, Math.floor(length / 2))}`;
}
