import AhoCorasick from 'ahocorasick';

/**
 * Characters a writer may slip between the letters of a word to get past a filter: spaces,
 * punctuation and symbols (both ASCII and the full-width CJK forms, which NFKC folds first).
 */
const FILLER = /[\p{White_Space}\p{P}\p{S}\p{Cc}\p{Cf}]/gu;

/** Full-width to half-width (NFKC), lower case, and without filler, for text and words alike. */
export function normalizeForMatch(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(FILLER, '');
}

export interface WordMatcher {
  /** The listed words found in the text (each once, as the admin wrote it). */
  find(text: string): string[];
}

/**
 * An Aho–Corasick automaton (the `ahocorasick` package) over the normalized words: one pass over
 * the normalized text finds every word, whatever the size of the list.
 */
export function createWordMatcher(words: readonly string[]): WordMatcher {
  const original = new Map<string, string>();
  for (const word of words) {
    const key = normalizeForMatch(word);
    if (key && !original.has(key)) original.set(key, word);
  }
  if (original.size === 0) return { find: () => [] };
  const automaton = new AhoCorasick([...original.keys()]);
  return {
    find(text) {
      const found = new Set<string>();
      for (const [, keys] of automaton.search(normalizeForMatch(text))) {
        for (const key of keys) found.add(original.get(key) ?? key);
      }
      return [...found];
    },
  };
}
