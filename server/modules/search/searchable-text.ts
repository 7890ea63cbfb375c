import { freeTextOf } from '../paywall/preview.ts';
import { parseJsonArray } from '../posts/present-post.ts';
import { indexTextOffThread } from './segmenter.ts';
import type { IndexText } from './segmenter.ts';

/**
 * What the index holds of a note: only what any visitor may read of it (title, tags and, for
 * a paid note, the free preview). Were the paid part indexed, a search for a word in it would
 * tell anyone whether the note contains that word.
 */
export function searchableText(row: {
  title: string;
  tags: string;
  content: string;
  price_cents: number;
}): Promise<IndexText> {
  return indexTextOffThread({
    title: row.title,
    tags: parseJsonArray<string>(row.tags),
    content: freeTextOf(row.content, row.price_cents),
  });
}
