import type { Kysely, Migration } from 'kysely';
import { DEFAULT_SENSITIVE_WORDS } from '../../modules/words/default-words.ts';

/** The sensitive-word list admins edit, filled with the shipped default list once. */
export function sensitiveWordsSchema(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sensitive_words')
        .addColumn('word', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      const now = Date.now();
      await (db as Kysely<{ sensitive_words: { word: string; created_at: number } }>)
        .insertInto('sensitive_words')
        .values(DEFAULT_SENSITIVE_WORDS.map((word) => ({ word, created_at: now })))
        .execute();
    },
  };
}
