import envSchema from 'env-schema';
import { Type } from 'typebox';
import type { Static } from 'typebox';

const text = () => Type.Optional(Type.String({ minLength: 1 }));
const flag = () => Type.Optional(Type.Boolean({ description: 'true or false' }));
const positive = () =>
  Type.Optional(Type.Number({ exclusiveMinimum: 0, description: 'a positive number' }));
const tcpPort = () =>
  Type.Optional(Type.Integer({ minimum: 1, maximum: 65535, description: 'an integer 1–65535' }));

/**
 * Every variable the server reads at start-up (README, configuration table). Values arrive as
 * strings; env-schema's Ajv coerces them to these types, so `PORT=80x` stops the start instead
 * of becoming NaN. Defaults stay in `loadConfig`, where several depend on one another.
 */
export const EnvSchema = Type.Object({
  NODE_ENV: text(),
  HOST: text(),
  PORT: tcpPort(),
  DATA_DIR: text(),
  DATABASE_URL: Type.Optional(
    Type.String({
      pattern: '^postgres(ql)?://',
      description: 'a postgres:// or postgresql:// URL (leave it unset for SQLite)',
    }),
  ),
  JWT_SECRET: text(),
  PUBLIC_ORIGIN: Type.Optional(
    Type.String({ pattern: '^https?://', description: 'an http:// or https:// origin' }),
  ),
  REDIS_URL: text(),
  REDIS_PREFIX: text(),
  LOG_LEVEL: Type.Optional(
    Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      description: 'one of fatal, error, warn, info, debug, trace, silent',
    }),
  ),
  WEB_ROOT: text(),
  PAGE_RENDERER: text(),
  PAGE_RENDER_WAIT_MS: Type.Optional(
    Type.Integer({ minimum: 1, description: 'a positive whole number of milliseconds' }),
  ),
  SEED_DEMO: flag(),
  RATE_LIMIT: Type.Optional(Type.Enum(['on', 'off'], { description: 'on or off' })),
  RATE_LIMIT_READS: positive(),
  RATE_LIMIT_WRITES: positive(),
  TRUST_PROXY: flag(),
  UPLOAD_DAILY_COUNT: Type.Optional(
    Type.Integer({ minimum: 1, description: 'a positive integer' }),
  ),
  UPLOAD_DAILY_MB: positive(),
  METRICS_ALLOW: text(),
  SHUTDOWN_DRAIN_MS: Type.Optional(
    Type.Integer({ minimum: 0, description: 'a whole number of milliseconds' }),
  ),
  SMS_PROVIDER: Type.Optional(Type.Enum(['log', 'aliyun'], { description: 'log or aliyun' })),
  SMS_ACCESS_KEY_ID: text(),
  SMS_ACCESS_KEY_SECRET: text(),
  SMS_SIGN_NAME: text(),
  SMS_TEMPLATE_CODE: text(),
  SMS_ENDPOINT: text(),
  MAIL_FROM: text(),
  SMTP_URL: text(),
  SMTP_HOST: text(),
  SMTP_PORT: tcpPort(),
  SMTP_SECURE: flag(),
  SMTP_USER: text(),
  SMTP_PASS: text(),
  OAUTH_REDIRECT_BASE: text(),
  WECHAT_APP_ID: text(),
  WECHAT_APP_SECRET: text(),
  WECHAT_API_BASE: text(),
  WECHAT_OPEN_BASE: text(),
  QQ_APP_ID: text(),
  QQ_APP_KEY: text(),
  QQ_API_BASE: text(),
  S3_ENDPOINT: text(),
  S3_BUCKET: text(),
  S3_ACCESS_KEY_ID: text(),
  S3_SECRET_ACCESS_KEY: text(),
  S3_REGION: text(),
  S3_FORCE_PATH_STYLE: flag(),
  PAYMENT_PROVIDER: Type.Optional(
    Type.Enum(['sandbox', 'alipay'], { description: 'sandbox or alipay' }),
  ),
  PAYMENTS_SANDBOX: flag(),
  ALIPAY_APP_ID: text(),
  ALIPAY_PRIVATE_KEY: text(),
  ALIPAY_PUBLIC_KEY: text(),
  ALIPAY_GATEWAY: text(),
  ALIPAY_NOTIFY_URL: text(),
  ALIPAY_RETURN_URL: text(),
  ALIPAY_SELLER_ID: text(),
  VAPID_PUBLIC_KEY: text(),
  VAPID_PRIVATE_KEY: text(),
  VAPID_SUBJECT: Type.Optional(
    Type.String({ pattern: '^(mailto:|https://)', description: 'a mailto: or https:// URL' }),
  ),
});

export type Env = Static<typeof EnvSchema>;

interface SchemaError {
  instancePath: string;
  message?: string;
}

function describe(error: SchemaError): string {
  const name = error.instancePath.replace(/^\//, '');
  const property = (EnvSchema.properties as Record<string, { description?: string }>)[name];
  // The value itself is never repeated: it may be a secret.
  return property?.description
    ? `${name} must be ${property.description}`
    : `${name} ${error.message ?? 'is invalid'}`;
}

/**
 * Reads and checks the environment; a wrong value throws one message naming every wrong
 * variable. An empty value counts as unset, as a shell's `PORT=` means.
 */
export function readEnv(env: NodeJS.ProcessEnv): Env {
  const data = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  try {
    // A fresh copy each time: env-schema writes `additionalProperties: false` into the schema.
    return envSchema<Env>({ schema: structuredClone(EnvSchema), data, env: false });
  } catch (error) {
    const errors = (error as { errors?: SchemaError[] }).errors;
    if (!errors) throw error;
    throw new Error(`Invalid configuration: ${[...new Set(errors.map(describe))].join('; ')}`);
  }
}
