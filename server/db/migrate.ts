import { Migrator } from 'kysely';
import type { Migration, MigrationProvider } from 'kysely';
import type { DatabaseHandle } from './database.ts';
import { initialSchema } from './migrations/001-initial-schema.ts';
import { signInNoncesSchema } from './migrations/002-sign-in-nonces.ts';
import { peopleSchema } from './migrations/003-people.ts';
import { feedRankSchema } from './migrations/004-feed-rank.ts';
import { idempotentRequestsSchema } from './migrations/005-idempotent-requests.ts';
import { searchVisibleTextMigration } from './migrations/006-search-visible-text.ts';
import { uploadQuotaSchema } from './migrations/007-upload-quota.ts';
import { reportsSchema } from './migrations/008-reports.ts';
import { sensitiveWordsSchema } from './migrations/009-sensitive-words.ts';
import { peopleManagementSchema } from './migrations/010-people.ts';
import { pushSubscriptionsSchema } from './migrations/011-push-subscriptions.ts';
import { tagsAndMentionsSchema } from './migrations/012-tags-and-mentions.ts';
import { reportsByAuthorSchema } from './migrations/013-reports-by-author.ts';
import { searchPostingsFeedSchema } from './migrations/014-search-postings-feed.ts';
import { idempotencyCommitMarksSchema } from './migrations/015-idempotency-commit-marks.ts';
import { idempotencyClaimLeasesSchema } from './migrations/016-idempotency-claim-leases.ts';
import { searchWordNotesSchema } from './migrations/017-search-word-notes.ts';
import { searchCharPairsSchema } from './migrations/018-search-char-pairs.ts';
import { weekSweepSchema } from './migrations/019-week-sweep.ts';

/** Versioned migrations, in order. Add a new file and a line here; never edit a shipped one. */
function migrations(handle: DatabaseHandle): Record<string, Migration> {
  return {
    '001-initial-schema': initialSchema(handle.dialect),
    '002-sign-in-nonces': signInNoncesSchema(),
    '003-people': peopleSchema(handle.dialect),
    '004-feed-rank': feedRankSchema(handle.dialect),
    '005-idempotent-requests': idempotentRequestsSchema(),
    '006-search-visible-text': searchVisibleTextMigration(handle.dialect),
    '007-upload-quota': uploadQuotaSchema(handle.dialect),
    '008-reports': reportsSchema(handle.dialect),
    '009-sensitive-words': sensitiveWordsSchema(),
    '010-people': peopleManagementSchema(handle.dialect),
    '011-push-subscriptions': pushSubscriptionsSchema(handle.dialect),
    '012-tags-and-mentions': tagsAndMentionsSchema(handle.dialect),
    '013-reports-by-author': reportsByAuthorSchema(),
    '014-search-postings-feed': searchPostingsFeedSchema(handle.dialect),
    '015-idempotency-commit-marks': idempotencyCommitMarksSchema(),
    '016-idempotency-claim-leases': idempotencyClaimLeasesSchema(),
    '017-search-word-notes': searchWordNotesSchema(handle.dialect),
    '018-search-char-pairs': searchCharPairsSchema(handle.dialect),
    '019-week-sweep': weekSweepSchema(),
  };
}

/** Where each migration's start and end are told (pino's `info`). */
export interface MigrationLog {
  info(fields: object, message: string): void;
}

/**
 * A migration that says when it starts and how long it took: on a large database one can take
 * minutes (017 on PostgreSQL, some 20–25 s per 100,000 notes), and an operator watching an
 * upgrade should see which one is running rather than a silent start.
 */
function told(name: string, migration: Migration, log: MigrationLog): Migration {
  return {
    ...migration,
    async up(db) {
      const started = performance.now();
      log.info({ migration: name }, 'migrating the database');
      await migration.up(db);
      const ms = Math.round(performance.now() - started);
      log.info({ migration: name, ms }, 'migration applied');
    },
  };
}

/**
 * Handles this process has migrated: the server migrates before building the app, whose
 * database plugin migrates the handles tests and scripts give it, and would otherwise take the
 * migration lock and read the migration tables a second time at every start.
 */
const migrated = new WeakSet<DatabaseHandle>();

export async function migrateToLatest(handle: DatabaseHandle, log?: MigrationLog): Promise<void> {
  if (migrated.has(handle)) return;
  const provider: MigrationProvider = {
    getMigrations: async () => {
      const all = migrations(handle);
      if (!log) return all;
      return Object.fromEntries(
        Object.entries(all).map(([name, migration]) => [name, told(name, migration, log)]),
      );
    },
  };
  const migrator = new Migrator({ db: handle.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
  migrated.add(handle);
}
