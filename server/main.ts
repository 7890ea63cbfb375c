import { setTimeout } from 'node:timers/promises';
import { pino } from 'pino';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import type { DatabaseHandle } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { loggerOptions } from './lib/log-redaction.ts';
import { growOldGenerationSteadily } from './lib/old-generation-growth.ts';
import { collectStartUpGarbageSoon } from './lib/start-up-garbage.ts';
import { hasDemoContent, seedDemoContent } from './seed/demo.ts';
import { SEED_DEMO_ARGUMENT, seedDemoInChildProcess } from './seed/seed-process.ts';

growOldGenerationSteadily();

const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    // A wrong variable is the operator's to fix: one line naming it, not a stack trace.
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
})();

// Migrated before the app is built: Fastify gives each plugin a bounded time to start
// (`pluginTimeout` in app.ts), and a migration of a large database, or the wait for another
// instance that holds the migration lock, can outlast any bound. Stopped there, the start
// would roll the migration back and fail the same way at every restart.
const log = pino(loggerOptions(config.logLevel));
async function migratedDatabase(): Promise<DatabaseHandle> {
  const database = openDatabase(config);
  try {
    await migrateToLatest(database, log);
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}
const database = await migratedDatabase().catch((error: unknown) => {
  log.fatal({ err: error }, 'the database could not be opened or migrated; nothing started');
  process.exit(1);
});
const seedingOnly = process.argv.includes(SEED_DEMO_ARGUMENT);
if (!seedingOnly && config.seedDemo && !(await hasDemoContent(database.db))) {
  await seedDemoInChildProcess(log).catch((error: unknown) => {
    log.fatal({ err: error }, 'the demo content could not be seeded; nothing started');
    process.exit(1);
  });
}
const app = await buildApp({ config, database, log, realtime: { prefix: config.redisPrefix } });
if (seedingOnly) {
  await seedDemoContent(app);
  await app.close();
  process.exit(0);
}

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining, then finishing in-flight requests');
    // /readyz answers 503 first, for SHUTDOWN_DRAIN_MS, so a balancer that checks it stops
    // sending requests here; then Fastify stops accepting, waits for in-flight requests, and
    // runs onClose (database).
    app.health.beginDrain();
    setTimeout(config.shutdownDrainMs)
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  });
}

// The first request pays for what loads on first use: the global `Response`, which
// @fastify/compress checks every reply against, loads Node's fetch (28 ms), and the feed's
// statements are prepared (25 ms). Asked here, before the server listens, so that no visitor's
// request waits some 90 ms behind it.
await app.inject({ method: 'GET', url: '/api/posts' });
await app.listen({ host: config.host, port: config.port });
void collectStartUpGarbageSoon();
