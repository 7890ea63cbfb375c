/**
 * Where a mention (`@用户名`) begins and ends, shared by the server (who is notified) and the
 * browser (what becomes a link), so both always agree:
 *
 * - it begins with `@` at the start of the text or after a character that is not an ASCII
 *   letter, digit or underscore (so `me@example.com` is no mention, while `你好@林深见鹿` and
 *   `(@阿明)` are);
 * - the name is the longest run of username characters (CJK ideographs U+4E00–U+9FA5, ASCII
 *   letters, digits, underscore) that follows; it ends at anything else (a space, punctuation,
 *   another `@`, a full-width character, an emoji);
 * - a run shorter than 2 or longer than 20 characters is not a mention (no username is).
 *
 * A name followed straight by more Chinese is read whole (`@林深见鹿的分享` names 林深见鹿的分享), as
 * on other Chinese sites: the editor's suggestions insert the name with a space after it.
 */
const NAME_CHAR = '\\u4e00-\\u9fa5A-Za-z0-9_';
const MENTION = new RegExp(`(?<![A-Za-z0-9_])@([${NAME_CHAR}]+)`, 'g');
const MIN = 2;
const MAX = 20;

export interface MentionMatch {
  /** Offset of the `@`. */
  start: number;
  /** Offset just after the name. */
  end: number;
  username: string;
}

export function findMentions(text: string): MentionMatch[] {
  const found: MentionMatch[] = [];
  for (const match of text.matchAll(MENTION)) {
    const username = match[1];
    if (username.length < MIN || username.length > MAX) continue;
    const start = match.index ?? 0;
    found.push({ start, end: start + 1 + username.length, username });
  }
  return found;
}

/** Each mentioned name once, in order of first appearance. */
export const mentionedNames = (text: string) => [
  ...new Set(findMentions(text).map((match) => match.username)),
];

/** Code (fenced blocks and inline spans) is shown as written: an `@` in it mentions nobody. */
export const withoutCode = (markdown: string) =>
  markdown.replace(/(`{3,}|~{3,})[\s\S]*?(?:\1|$(?![\s\S]))/g, ' ').replace(/`[^`\n]*`/g, ' ');

/**
 * The name being typed just before the caret (`@林` → 林), or null: what the editor suggests
 * names for. An empty string means a bare `@`.
 */
export function mentionBeforeCaret(
  text: string,
  caret: number,
): { start: number; prefix: string } | null {
  const before = text.slice(0, caret);
  const match = new RegExp(`(?<![A-Za-z0-9_])@([${NAME_CHAR}]{0,${MAX}})$`).exec(before);
  if (!match) return null;
  return { start: match.index ?? 0, prefix: match[1] };
}

/** The profile page of a mentioned name (resolved to the user's id by the page). */
export const mentionPath = (username: string) => `/u/${encodeURIComponent(username)}`;
