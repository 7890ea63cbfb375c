import type { Kysely } from 'kysely';
import { wordText } from '../../../contract/words.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Database } from '../../db/schema.ts';
import { createWordMatcher, normalizeForMatch } from './word-matcher.ts';
import type { WordMatcher } from './word-matcher.ts';

/** Another instance's edit of the list is picked up within this time. */
const MATCHER_TTL_MS = 10_000;
const INSERT_CHUNK = 500;

/** The admin-edited word list and the matcher built from it (rebuilt on edit). */
export function createWordService(db: Kysely<Database>) {
  let cached: { matcher: WordMatcher; loadedAt: number } | null = null;

  async function words(): Promise<string[]> {
    const rows = await db.selectFrom('sensitive_words').select('word').orderBy('word').execute();
    return rows.map((row) => row.word);
  }

  async function matcher(): Promise<WordMatcher> {
    if (!cached || Date.now() - cached.loadedAt > MATCHER_TTL_MS) {
      cached = { matcher: createWordMatcher(await words()), loadedAt: Date.now() };
    }
    return cached.matcher;
  }

  return {
    list: words,

    /** Replaces the list; blanks and words equal after normalizing are dropped. */
    async replace(next: string[]): Promise<string[]> {
      const seen = new Set<string>();
      const kept = next
        .map((word) => word.trim())
        .filter((word) => {
          const key = normalizeForMatch(word);
          if (!key || seen.has(key)) return false;
          seen.add(key);
          return true;
        });
      const now = Date.now();
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('sensitive_words').execute();
        for (let start = 0; start < kept.length; start += INSERT_CHUNK) {
          await trx
            .insertInto('sensitive_words')
            .values(
              kept.slice(start, start + INSERT_CHUNK).map((word) => ({ word, created_at: now })),
            )
            .execute();
        }
      });
      cached = null;
      return words();
    },

    /** The listed words in these texts (empty when clean). */
    async find(...texts: string[]): Promise<string[]> {
      const current = await matcher();
      return [...new Set(texts.flatMap((text) => current.find(text)))];
    },

    /** For comments and messages: refused outright, with a message that names no word. */
    async refuse(...texts: string[]): Promise<void> {
      if ((await this.find(...texts)).length > 0) throw badRequest(wordText.contentRefused);
    },
  };
}

export type WordService = ReturnType<typeof createWordService>;
