import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readEnv } from './env.ts';
import type { Env } from './env.ts';
import { RATE_LIMITS } from './plugins/rate-limits.ts';

/** Alipay page pay (alipay.trade.page.pay, RSA2); keys are PEM text, a PEM file path or bare base64. */
export interface AlipayConfig {
  appId: string;
  /** The app's private key, which signs our requests. */
  privateKey: string;
  /** Alipay's public key, which verifies its notices. */
  alipayPublicKey: string;
  gateway: string;
  notifyUrl: string;
  /** Where Alipay sends the buyer back after paying. */
  returnUrl: string;
  /** The merchant's seller id (2088...): when set, notices for another seller are refused. */
  sellerId: string | null;
}

export interface PaymentConfig {
  /**
   * Who takes new orders: `sandbox` (our own confirm step), `alipay`, or `none` (orders are
   * refused) in production when no provider was configured and the sandbox not switched on.
   */
  provider: 'sandbox' | 'alipay' | 'none';
  alipay: AlipayConfig | null;
}

/** Web Push (VAPID). */
export interface PushConfig {
  /** Who runs the site, for push services to reach (a mailto: or https: URL). */
  subject: string;
  /**
   * Keys from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY; null: generated into DATA_DIR on first
   * start. Instances that share subscriptions must share these keys.
   */
  keys: { publicKey: string; privateKey: string } | null;
}

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
  /** Namespace of this site's Redis keys, so several sites (or test runs) share one Redis. */
  redisPrefix: string;
  logLevel: string;
  /** Folder with the built PWA; null when the server runs API-only (tests). */
  webRoot: string | null;
  /** The page renderer the build makes of the app (`npm run build`); null: none. */
  pageRenderer: string | null;
  /**
   * How long a page waits for the render thread before it is the shell (PAGE_RENDER_WAIT_MS);
   * null: the renderer's own RENDER_WAIT_MS.
   */
  pageRenderWaitMs: number | null;
  seedDemo: boolean;
  /** Per-minute request limits; RATE_LIMIT=off for load benchmarks. */
  rateLimit: boolean;
  /** Requests per minute per signed-in user or address (RATE_LIMIT_READS / _WRITES). */
  requestLimits: { readsPerMinute: number; writesPerMinute: number };
  /** Trust X-Forwarded-For when running behind a proxy. */
  trustProxy: boolean;
  /** Sign-in providers: each has a working local default (log the code / the mail). */
  sms: SmsConfig;
  mail: MailConfig;
  oauth: OAuthConfig;
  payments: PaymentConfig;
  /** What one user may upload per day (China Standard Time). */
  uploadQuota: { dailyCount: number; dailyBytes: number };
  /** S3-compatible object store for uploads; null keeps them in DATA_DIR/uploads. */
  s3: S3Config | null;
  /** Addresses (or CIDR ranges) allowed to read /metrics; loopback by default. */
  metricsAllow: string[];
  /** How long /readyz answers 503 before a stopping instance closes (a balancer drains it). */
  shutdownDrainMs: number;
  push: PushConfig;
}

export interface S3Config {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** http://endpoint/bucket/key instead of http://bucket.endpoint/key (MinIO, s3rver). */
  forcePathStyle: boolean;
}

export type SmsConfig =
  | { provider: 'log' }
  | {
      provider: 'aliyun';
      accessKeyId: string;
      accessKeySecret: string;
      signName: string;
      templateCode: string;
      endpoint: string;
    };

export interface MailConfig {
  /** null: messages are written to the server log instead of being sent. */
  smtp:
    | { url: string }
    | { host: string; port: number; secure: boolean; user: string | null; pass: string | null }
    | null;
  from: string;
}

export interface OAuthProviderConfig {
  appId: string;
  appSecret: string;
  /** Server-to-server calls (token, user info). */
  apiBase: string;
  /** The page the browser is sent to (WeChat's QR page, QQ's authorisation page). */
  authorizeBase: string;
}

export interface OAuthConfig {
  /** Origin the providers redirect back to (`/auth/{type}/callback`). */
  redirectBase: string;
  wechat: OAuthProviderConfig | null;
  qq: OAuthProviderConfig | null;
}

function requiredEnv(env: Env, names: (keyof Env)[], feature: string): string[] {
  const missing = names.filter((name) => !env[name]);
  if (missing.length > 0) throw new Error(`${feature} needs ${missing.join(', ')}`);
  return names.map((name) => String(env[name]));
}

function smsConfig(env: Env): SmsConfig {
  const provider = env.SMS_PROVIDER ?? 'log';
  if (provider === 'log') return { provider };
  const [accessKeyId, accessKeySecret, signName, templateCode] = requiredEnv(
    env,
    ['SMS_ACCESS_KEY_ID', 'SMS_ACCESS_KEY_SECRET', 'SMS_SIGN_NAME', 'SMS_TEMPLATE_CODE'],
    'SMS_PROVIDER=aliyun',
  ) as [string, string, string, string];
  const endpoint = env.SMS_ENDPOINT ?? 'https://dysmsapi.aliyuncs.com';
  return { provider, accessKeyId, accessKeySecret, signName, templateCode, endpoint };
}

function mailConfig(env: Env): MailConfig {
  const from = env.MAIL_FROM ?? '氛围笔记 <no-reply@localhost>';
  if (env.SMTP_URL) return { smtp: { url: env.SMTP_URL }, from };
  if (!env.SMTP_HOST) return { smtp: null, from };
  const port = env.SMTP_PORT ?? 587;
  return {
    smtp: {
      host: env.SMTP_HOST,
      port,
      secure: env.SMTP_SECURE ?? port === 465,
      user: env.SMTP_USER ?? null,
      pass: env.SMTP_PASS ?? null,
    },
    from,
  };
}

function oauthConfig(env: Env, publicOrigin: string): OAuthConfig {
  return {
    redirectBase: env.OAUTH_REDIRECT_BASE ?? publicOrigin,
    wechat:
      env.WECHAT_APP_ID && env.WECHAT_APP_SECRET
        ? {
            appId: env.WECHAT_APP_ID,
            appSecret: env.WECHAT_APP_SECRET,
            apiBase: env.WECHAT_API_BASE ?? 'https://api.weixin.qq.com',
            authorizeBase: env.WECHAT_OPEN_BASE ?? 'https://open.weixin.qq.com',
          }
        : null,
    qq:
      env.QQ_APP_ID && env.QQ_APP_KEY
        ? {
            appId: env.QQ_APP_ID,
            appSecret: env.QQ_APP_KEY,
            apiBase: env.QQ_API_BASE ?? 'https://graph.qq.com',
            authorizeBase: env.QQ_API_BASE ?? 'https://graph.qq.com',
          }
        : null,
  };
}

function s3Config(env: Env): S3Config | null {
  if (!env.S3_ENDPOINT && !env.S3_BUCKET) return null;
  const [endpoint, bucket, accessKeyId, secretAccessKey] = requiredEnv(
    env,
    ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
    'S3 storage',
  ) as [string, string, string, string];
  return {
    endpoint,
    bucket,
    accessKeyId,
    secretAccessKey,
    region: env.S3_REGION ?? 'us-east-1',
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? false,
  };
}

function pushConfig(env: Env, publicOrigin: string): PushConfig {
  const keys =
    env.VAPID_PUBLIC_KEY || env.VAPID_PRIVATE_KEY
      ? requiredEnv(env, ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'], 'VAPID keys')
      : null;
  return {
    subject:
      env.VAPID_SUBJECT ??
      (publicOrigin.startsWith('https://') ? publicOrigin : 'mailto:webmaster@localhost'),
    keys: keys ? { publicKey: keys[0]!, privateKey: keys[1]! } : null,
  };
}

function readOrCreateSecret(dataDir: string): Uint8Array {
  const file = path.join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    // Kept in the data folder so tokens survive restarts without any manual setup.
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

function loadPaymentConfig(env: Env, publicOrigin: string): PaymentConfig {
  const alipay: AlipayConfig | null =
    env.ALIPAY_APP_ID && env.ALIPAY_PRIVATE_KEY && env.ALIPAY_PUBLIC_KEY
      ? {
          appId: env.ALIPAY_APP_ID,
          privateKey: env.ALIPAY_PRIVATE_KEY,
          alipayPublicKey: env.ALIPAY_PUBLIC_KEY,
          gateway: env.ALIPAY_GATEWAY ?? 'https://openapi.alipay.com/gateway.do',
          notifyUrl: env.ALIPAY_NOTIFY_URL ?? `${publicOrigin}/api/payments/notify/alipay`,
          returnUrl: env.ALIPAY_RETURN_URL ?? `${publicOrigin}/membership`,
          sellerId: env.ALIPAY_SELLER_ID ?? null,
        }
      : null;
  // The sandbox lets a buyer confirm their own order for free: in production it must be asked for.
  const sandboxAllowed = env.NODE_ENV !== 'production' || env.PAYMENTS_SANDBOX === true;
  const provider =
    env.PAYMENT_PROVIDER === 'alipay' ? 'alipay' : sandboxAllowed ? 'sandbox' : 'none';
  if (provider === 'alipay' && !alipay) {
    throw new Error(
      'PAYMENT_PROVIDER=alipay needs ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY',
    );
  }
  return { provider, alipay };
}

/** Reads the configuration; a wrong variable stops the start with a message naming it. */
export function loadConfig(
  rawEnv: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Config> = {},
): Config {
  const env = readEnv(rawEnv);
  const dataDir = path.resolve(overrides.dataDir ?? env.DATA_DIR ?? 'data');
  mkdirSync(dataDir, { recursive: true });
  const port = overrides.port ?? env.PORT ?? 8080;
  const host = overrides.host ?? env.HOST ?? '127.0.0.1';
  const databaseUrl = env.DATABASE_URL ?? null;
  const defaultWebRoot = path.resolve(env.WEB_ROOT ?? 'dist');
  const publicOrigin = overrides.publicOrigin ?? env.PUBLIC_ORIGIN ?? `http://${host}:${port}`;
  return {
    host,
    port,
    dataDir,
    databaseUrl,
    jwtSecret: env.JWT_SECRET
      ? new TextEncoder().encode(env.JWT_SECRET)
      : readOrCreateSecret(dataDir),
    publicOrigin,
    redisUrl: env.REDIS_URL ?? null,
    redisPrefix: env.REDIS_PREFIX ?? 'vibe',
    logLevel: env.LOG_LEVEL ?? 'info',
    webRoot: existsSync(path.join(defaultWebRoot, 'index.html')) ? defaultWebRoot : null,
    pageRenderer: path.resolve(env.PAGE_RENDERER ?? 'dist-ssr/entry-server.js'),
    pageRenderWaitMs: env.PAGE_RENDER_WAIT_MS ?? null,
    seedDemo: env.SEED_DEMO ?? true,
    rateLimit: env.RATE_LIMIT !== 'off',
    requestLimits: {
      readsPerMinute: env.RATE_LIMIT_READS ?? RATE_LIMITS.readsPerMinute,
      writesPerMinute: env.RATE_LIMIT_WRITES ?? RATE_LIMITS.writesPerMinute,
    },
    trustProxy: env.TRUST_PROXY ?? false,
    payments: loadPaymentConfig(env, publicOrigin),
    uploadQuota: {
      dailyCount: env.UPLOAD_DAILY_COUNT ?? 60,
      dailyBytes: Math.round((env.UPLOAD_DAILY_MB ?? 100) * 1024 * 1024),
    },
    sms: smsConfig(env),
    mail: mailConfig(env),
    oauth: oauthConfig(env, publicOrigin),
    s3: s3Config(env),
    metricsAllow: (env.METRICS_ALLOW ?? '127.0.0.1,::1')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS ?? 0,
    push: pushConfig(env, publicOrigin),
    ...overrides,
  };
}
