import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  /** postgres://... switches the data layer to PostgreSQL; otherwise SQLite in dataDir. */
  databaseUrl: string | null;
  jwtSecret: Uint8Array;
  /** Public origin used in absolute links (sitemap, e-mails, canonical URLs). */
  publicOrigin: string;
  redisUrl: string | null;
  logLevel: string;
  /** Folder with the built PWA; null when the server runs API-only (tests). */
  webRoot: string | null;
  seedDemo: boolean;
  /** Per-minute request limits; RATE_LIMIT=off for load benchmarks. */
  rateLimit: boolean;
  /** Trust X-Forwarded-For when running behind a proxy. */
  trustProxy: boolean;
}

function readOrCreateSecret(dataDir: string): Uint8Array {
  const file = path.join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    // Kept in the data folder so tokens survive restarts without any manual setup.
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Config> = {},
): Config {
  const dataDir = path.resolve(overrides.dataDir ?? env.DATA_DIR ?? 'data');
  mkdirSync(dataDir, { recursive: true });
  const port = overrides.port ?? Number(env.PORT ?? 8080);
  const host = overrides.host ?? env.HOST ?? '127.0.0.1';
  const databaseUrl = env.DATABASE_URL?.startsWith('postgres') ? env.DATABASE_URL : null;
  const defaultWebRoot = path.resolve(env.WEB_ROOT ?? 'dist');
  return {
    host,
    port,
    dataDir,
    databaseUrl,
    jwtSecret: env.JWT_SECRET
      ? new TextEncoder().encode(env.JWT_SECRET)
      : readOrCreateSecret(dataDir),
    publicOrigin: env.PUBLIC_ORIGIN ?? `http://${host}:${port}`,
    redisUrl: env.REDIS_URL ?? null,
    logLevel: env.LOG_LEVEL ?? 'info',
    webRoot: existsSync(path.join(defaultWebRoot, 'index.html')) ? defaultWebRoot : null,
    seedDemo: env.SEED_DEMO !== 'false',
    rateLimit: env.RATE_LIMIT !== 'off',
    trustProxy: env.TRUST_PROXY === 'true',
    ...overrides,
  };
}
