import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database.ts';

/** Changes older than this are dropped; an instance that has not searched for half of it starts afresh. */
export const SEARCH_CHANGES_KEPT = '1 hour';

/**
 * PostgreSQL's search ranks whole words from postings each instance holds in memory, as SQLite's
 * read workers do (docs/decisions/028-search-postings-on-postgresql.md). BM25 needs each note's
 * length in tokens: `words_length`. Every instance must learn of every write to the index, made
 * by any of them: `search_index_changes` logs each with its transaction's id, which an instance
 * reads past the oldest transaction still open at its last look (search-changes.ts). Triggers
 * keep both, so every path that writes `post_fts` (a delete cascading from `posts` too) is seen.
 * SQLite has one process and its own log (index-changes.ts).
 */
export function searchPostingsFeedSchema(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'sqlite') return;
      // Positions are the tokens (tsvectorLiteral keeps at most 256 of one word).
      await sql`CREATE FUNCTION post_fts_words_length(words tsvector) RETURNS integer
        LANGUAGE sql IMMUTABLE AS
        'SELECT coalesce(sum(coalesce(array_length(positions, 1), 1)), 0)::integer FROM unnest(words)'`.execute(
        db,
      );
      await sql`ALTER TABLE post_fts ADD COLUMN words_length integer NOT NULL DEFAULT 0`.execute(
        db,
      );
      await sql`UPDATE post_fts SET words_length = post_fts_words_length(words)`.execute(db);
      await sql`CREATE FUNCTION post_fts_measure() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          NEW.words_length := post_fts_words_length(NEW.words);
          RETURN NEW;
        END $$`.execute(db);
      await sql`CREATE TRIGGER post_fts_measure BEFORE INSERT OR UPDATE OF words ON post_fts
        FOR EACH ROW EXECUTE FUNCTION post_fts_measure()`.execute(db);

      await sql`CREATE TABLE search_index_changes (
        xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
        post_id bigint NOT NULL,
        changed_at timestamptz NOT NULL DEFAULT now()
      )`.execute(db);
      await sql`CREATE INDEX search_index_changes_xid ON search_index_changes (xid)`.execute(db);
      await sql`CREATE INDEX search_index_changes_at ON search_index_changes (changed_at)`.execute(
        db,
      );
      await sql`CREATE FUNCTION search_index_log() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO search_index_changes (post_id)
            VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.post_id ELSE NEW.post_id END);
          RETURN NULL;
        END $$`.execute(db);
      await sql`CREATE TRIGGER search_index_log AFTER INSERT OR UPDATE OR DELETE ON post_fts
        FOR EACH ROW EXECUTE FUNCTION search_index_log()`.execute(db);
      await sql`CREATE FUNCTION search_index_prune() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          DELETE FROM search_index_changes
            WHERE changed_at < now() - interval ${sql.lit(SEARCH_CHANGES_KEPT)};
          RETURN NULL;
        END $$`.execute(db);
      await sql`CREATE TRIGGER search_index_prune AFTER INSERT OR UPDATE OR DELETE ON post_fts
        FOR EACH STATEMENT EXECUTE FUNCTION search_index_prune()`.execute(db);
    },
  };
}
