/**
 * The plain rules about tags, kept apart from the TypeBox schemas in tag.ts so the browser can
 * use them without loading a schema library.
 */

/** A tag is written as typed on the note; these are one tag: AI, ai, ＡＩ, " AI ". */
export function tagKey(name: string): string {
  // NFKC may lengthen a few characters (㎏ → kg): the key stays within its column.
  return name.normalize('NFKC').trim().replace(/^#/, '').toLowerCase().slice(0, 64);
}

/** The tag page of a tag. */
export const tagPath = (name: string) => `/tag/${encodeURIComponent(name)}`;
