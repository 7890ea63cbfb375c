/** Plain-text length of a card's excerpt. */
export const EXCERPT_LENGTH = 120;

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
