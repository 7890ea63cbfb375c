import { parseSearch } from '../server/modules/search/segmenter.ts';
import { SENTENCES, TITLES, TOPICS } from './chinese-text.ts';
import type { Random } from './chinese-text.ts';

const TOPIC_WORDS = Object.values(TOPICS).map((words) =>
  // Only words jieba keeps whole, so a query's words are exactly the ones drawn.
  words.filter((word) => {
    const terms = parseSearch(word).optional;
    return terms.length === 1 && terms[0].tokens[0] === word.toLowerCase();
  }),
);

/**
 * Every word a query can hold that the notes are written with: the topics' and those of the
 * sentences and titles around them, several in most notes (很多, 整理, 周末, 技巧…). Their lists
 * together hold about 7 million notes at 100 000 notes, more than the topics' alone.
 */
const EVERY_WORD = [
  ...new Set([
    ...TOPIC_WORDS.flat(),
    ...[...TITLES, ...SENTENCES].flatMap((template) =>
      parseSearch(template.replace(/\{[abc]\}/g, ' '))
        .optional.filter((term) => term.column === 'words')
        .map((term) => term.tokens[0]),
    ),
  ]),
];

export interface DrawnQuery {
  text: string;
  /** The query's words that notes hold: what its hits are checked for. */
  words: string[];
}

/**
 * How readers type a query around its words (`'as typed'`): with words that say nothing (如何,
 * single characters, which the search drops) and a token that no note holds, a number or a
 * slip of the keys (decision 066).
 */
const TYPED: ((words: string[], stray: string) => string)[] = [
  (words, stray) => `如何用${words.join('和')}做 ${stray}`,
  (words, stray) => `${words.join(' ')} ${stray}`,
  (words, stray) => `求${words.join('')}，${stray}`,
];

/** Which words a drawer's queries are made of (`createQueryDrawer`). */
export type QueryWords = 'topics' | 'every word' | 'as typed';

/**
 * Distinct queries of two or three jieba words from the words the bench's notes are written
 * with, never the same twice. From the topics' words (`'topics'`): every note is about one
 * topic, so words of one topic often occur together (the query has notes holding all its
 * words) and words of different topics never do (only notes holding some of them): half of
 * each. From every word (`'every word'`), common ones too: what readers who do not know the
 * topics would type. The topics' words as readers type them (`'as typed'`, `TYPED`).
 */
export function createQueryDrawer(random: Random, from: QueryWords = 'topics') {
  const used = new Set<string>();
  const draw = (): DrawnQuery => {
    for (;;) {
      const count = 2 + random.int(2);
      const together = random.next() < 0.5;
      const topic = random.pick(TOPIC_WORDS);
      const pool = () =>
        from === 'every word' ? EVERY_WORD : together ? topic : random.pick(TOPIC_WORDS);
      const words = new Set<string>();
      while (words.size < count) words.add(random.pick(pool()));
      const list = [...words];
      // Letters and digits no note is written with: a number, or keys slipped.
      const stray = random.next() < 0.5 ? String(random.int(1e6)) : `xq${random.int(1e6)}z`;
      const texts =
        from === 'as typed' ? [random.pick(TYPED)(list, stray)] : [list.join(''), list.join(' ')];
      const expected = from === 'as typed' ? [...list, stray] : list;
      for (const text of texts) {
        if (used.has(text)) continue;
        const parsed = parseSearch(text).optional.map((term) => term.tokens[0]);
        const same =
          parsed.length === expected.length &&
          expected.every((word) => parsed.includes(word.toLowerCase()));
        if (!same) continue;
        used.add(text);
        return { text, words: list };
      }
    }
  };
  return { draw, count: () => used.size };
}

export interface HitCheck {
  queries: number;
  withHits: number;
  withAllWordsHits: number;
  hitsChecked: number;
  /** Hits holding none of the query's words (must be 0). */
  hitsWithoutWords: number;
  /** Hits holding all words ranked below one holding fewer (must be 0). */
  misordered: number;
}

/**
 * Asks the server again for each query and reads every hit: each must hold at least one of the
 * query's words, and the notes holding all of them come first.
 */
export async function checkHits(baseUrl: string, queries: DrawnQuery[]): Promise<HitCheck> {
  const check: HitCheck = {
    queries: queries.length,
    withHits: 0,
    withAllWordsHits: 0,
    hitsChecked: 0,
    hitsWithoutWords: 0,
    misordered: 0,
  };
  const getJson = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${baseUrl}${path}`);
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    return (await response.json()) as T;
  };
  for (const query of queries) {
    const list = await getJson<{ posts: { id: string }[] }>(
      `/api/posts?search=${encodeURIComponent(query.text)}`,
    );
    if (list.posts.length > 0) check.withHits += 1;
    let sawPartial = false;
    let allWords = false;
    for (const hit of list.posts) {
      const note = await getJson<{ title: string; content: string; tags: string[] }>(
        `/api/posts/${hit.id}`,
      );
      const text = [note.title, ...note.tags, note.content].join('\n').toLowerCase();
      const held = query.words.filter((word) => text.includes(word.toLowerCase())).length;
      check.hitsChecked += 1;
      if (held === 0) check.hitsWithoutWords += 1;
      if (held === query.words.length) {
        allWords = true;
        if (sawPartial) check.misordered += 1;
      } else sawPartial = true;
    }
    if (allWords) check.withAllWordsHits += 1;
  }
  return check;
}
