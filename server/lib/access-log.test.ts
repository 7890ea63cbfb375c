import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/helpers/test-app.ts';
import type { TestApp } from '../../tests/helpers/test-app.ts';
import { AccessLog } from './access-log.ts';
import { loggerOptions, REDACTED } from './log-redaction.ts';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
}

/** The app at `level`, and the lines it writes. */
async function loggingApp(level: string) {
  const lines: LogLine[] = [];
  const t = await createTestApp(
    'sqlite',
    { logLevel: level },
    { logStream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) } },
  );
  return { t, lines };
}

describe('the access log', () => {
  let info: { t: TestApp; lines: LogLine[] };
  let debug: { t: TestApp; lines: LogLine[] };

  beforeAll(async () => {
    [info, debug] = await Promise.all([loggingApp('info'), loggingApp('debug')]);
  });
  afterAll(async () => {
    await Promise.all([info?.t.close(), debug?.t.close()]);
  });

  const linesOf = (lines: LogLine[], requestId: string) =>
    lines.filter((line) => line.reqId === requestId);

  it('writes one line a request at info: method, URL without its secrets, status and time', async () => {
    const response = await info.t.app.inject({ url: '/api/posts?limit=2&token=SECRETq1' });
    expect(response.statusCode).toBe(200);
    const lines = linesOf(info.lines, String(response.headers['x-request-id']));
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line.msg).toBe('request completed');
    expect(line.level).toBe(30);
    expect(line.req).toMatchObject({ method: 'GET', url: `/api/posts?limit=2&token=${REDACTED}` });
    expect(line.res).toEqual({ statusCode: 200 });
    expect(line.responseTime).toBeGreaterThan(0);
    expect(JSON.stringify(info.lines)).not.toContain('SECRETq1');
  });

  it('gives a refused request its status in the same one line', async () => {
    const response = await info.t.app.inject({ url: '/api/posts?limit=abc' });
    expect(response.statusCode).toBe(400);
    const lines = linesOf(info.lines, String(response.headers['x-request-id']));
    expect(lines.map((line) => line.msg)).toEqual(['request completed']);
    expect(lines[0].res).toEqual({ statusCode: 400 });
    expect(lines[0].req?.url).toBe('/api/posts?limit=abc');
  });

  it('also writes the arrival at debug, before the answer', async () => {
    const response = await debug.t.app.inject({ url: '/api/categories' });
    const lines = linesOf(debug.lines, String(response.headers['x-request-id']));
    expect(lines.map((line) => [line.msg, line.level])).toEqual([
      ['incoming request', 20],
      ['request completed', 30],
    ]);
    expect(lines[0].req).toMatchObject({ method: 'GET', url: '/api/categories' });
  });

  it('writes a request whose ending failed in one line at error', async () => {
    const lines: LogLine[] = [];
    const app = Fastify({
      logger: loggerOptions('info', { write: (line: string) => void lines.push(JSON.parse(line)) }),
      logController: new AccessLog(),
    });
    app.get('/ends-badly', async () => ({ ok: true }));
    app.addHook('onResponse', async () => {
      throw new Error('counting the answer failed');
    });
    try {
      const response = await app.inject({ url: '/ends-badly?token=SECRETe1' });
      expect(response.statusCode).toBe(200);
      const ended = lines.filter((line) => line.req);
      expect(ended).toHaveLength(1);
      expect(ended[0]).toMatchObject({
        level: 50,
        msg: 'request errored',
        req: { method: 'GET', url: `/ends-badly?token=${REDACTED}` },
        res: { statusCode: 200 },
      });
      expect(JSON.stringify(ended[0])).toContain('counting the answer failed');
      expect(JSON.stringify(lines)).not.toContain('SECRETe1');
    } finally {
      await app.close();
    }
  });
});
