import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database.ts';

/**
 * PostgreSQL: `pairs`, each token of a note's `chars` joined to the next at the first one's
 * position (`charPairs` in search-index.ts makes a phrase's), so that a quoted phrase rechecks
 * the notes holding its pairs rather than every note holding its characters
 * (docs/decisions/049). A column the database generates from `chars`: every writer of `chars`,
 * an instance of the previous version during an upgrade too, keeps it, and adding it rewrites
 * the table once (some 0.3 ms a note) instead of updating each row. Pairs are found where
 * `chars` keeps positions, as its phrases were (256 of one token, up to 16383). SQLite's FTS5
 * finds phrases by positions of its own.
 */
export function searchCharPairsSchema(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'sqlite') return;
      await sql`CREATE FUNCTION post_fts_pairs(chars tsvector) RETURNS tsvector
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
          WITH tokens AS (SELECT lexeme, unnest(positions) AS at FROM unnest(chars))
          SELECT coalesce(string_agg(
              quote_literal(first.lexeme || '/' || next.lexeme) || ':' || first.at, ' '), '')::tsvector
          FROM tokens AS first JOIN tokens AS next ON next.at = first.at + 1
        $$`.execute(db);
      await sql`ALTER TABLE post_fts
        ADD COLUMN pairs tsvector GENERATED ALWAYS AS (post_fts_pairs(chars)) STORED`.execute(db);
      await sql`CREATE INDEX post_fts_pairs ON post_fts USING GIN (pairs)`.execute(db);
      // The planner's figures for the new column, before the first search needs them.
      await sql`ANALYZE post_fts`.execute(db);
    },
  };
}
