import type { FastifyRequest } from 'fastify';
import pino from 'pino';
import type { DestinationStream, LoggerOptions } from 'pino';

export const REDACTED = '[redacted]';

/**
 * Query parameters that carry a secret: SSE tickets, OAuth codes and states, tokens, SMS codes.
 * Matched by name in any URL or text a log line holds.
 */
const SECRET_PARAMS = [
  'ticket',
  'code',
  'state',
  'token',
  'access_token',
  'refresh_token',
  'bindTicket',
  'verificationCode',
  'password',
];
const SECRET_QUERY = new RegExp(`([?&](?:${SECRET_PARAMS.join('|')})=)[^&#\\s"'<>]*`, 'gi');
/** A reset link's token is a path segment: the page's and the API's (`/api/auth/...`). */
const SECRET_PATH = /(\/reset-password\/)[^/?#\s"'<>]+/gi;
const BEARER = /(bearer\s+)[\w.~+/-]+=*/gi;

/** Masks every secret a URL or a message may carry; the rest stays readable. */
export function scrubSecrets(text: string): string {
  return text
    .replace(SECRET_PATH, `$1${REDACTED}`)
    .replace(SECRET_QUERY, `$1${REDACTED}`)
    .replace(BEARER, `$1${REDACTED}`);
}

function scrubError(error: Error) {
  const serialized = pino.stdSerializers.err(error);
  if (typeof serialized !== 'object' || serialized === null) return serialized;
  return {
    ...serialized,
    message: scrubSecrets(String(serialized.message)),
    ...(serialized.stack && { stack: scrubSecrets(serialized.stack) }),
  };
}

/**
 * The server's pino settings. Secrets are removed where every line passes (serializers, a
 * hook on each log call and pino's redaction), not at each place that logs, so a new log call
 * cannot leak one. The development SMS provider and mailer are the deliberate exceptions: their
 * log line is how a code or a reset link is delivered when no provider is configured.
 */
export function loggerOptions(
  level: string,
  stream?: DestinationStream,
): LoggerOptions & { stream?: DestinationStream } {
  return {
    level,
    ...(stream && { stream }),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        'headers.authorization',
        'headers.cookie',
        '*.password',
        '*.token',
        '*.ticket',
        '*.bindTicket',
        '*.access_token',
        '*.verificationCode',
      ],
      censor: REDACTED,
    },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: typeof request.url === 'string' ? scrubSecrets(request.url) : undefined,
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      err: scrubError,
    },
    hooks: {
      // Fastify writes some URLs into the message itself ("Route GET:/... not found").
      logMethod(args, method) {
        const scrubbed = args.map((arg: unknown) =>
          typeof arg === 'string' ? scrubSecrets(arg) : arg,
        ) as Parameters<typeof method>;
        method.apply(this, scrubbed);
      },
    },
  };
}
