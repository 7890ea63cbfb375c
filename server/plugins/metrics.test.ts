import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorText } from '../../contract/messages.ts';
import { createTestApp, registerUser, testDatabases } from '../../tests/helpers/test-app.ts';
import type { TestApp } from '../../tests/helpers/test-app.ts';
import { addressMatcher } from './metrics.ts';

/** The value of one series in Prometheus' text format, or null when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number | null {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    if (wanted.every((pair) => line.includes(pair))) return Number(line.split(' ').pop());
  }
  return null;
}

describe('METRICS_ALLOW matching', () => {
  it('matches addresses and ranges of both families, IPv4 on a dual-stack socket too', () => {
    const allowed = addressMatcher(['127.0.0.1', '::1', '10.0.0.0/8', 'fd00::/8']);
    expect(allowed('127.0.0.1')).toBe(true);
    expect(allowed('::ffff:127.0.0.1')).toBe(true);
    expect(allowed('::1')).toBe(true);
    expect(allowed('10.20.30.40')).toBe(true);
    expect(allowed('fd12::1')).toBe(true);
    expect(allowed('192.168.1.9')).toBe(false);
    expect(allowed('11.0.0.1')).toBe(false);
    expect(allowed(undefined)).toBe(false);
  });

  it('refuses a setting that is not an address', () => {
    expect(() => addressMatcher(['localhost'])).toThrow(/METRICS_ALLOW/);
  });
});

describe.each(testDatabases)('/metrics (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const response = await t.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    return response.body;
  };

  it('counts requests and their latency per route pattern, not per URL', async () => {
    const before = await scrape();
    const count = (text: string) =>
      sample(text, 'http_requests_total', {
        method: 'GET',
        route: '/api/posts/:id',
        status_code: '404',
      }) ?? 0;
    await t.app.inject({ url: '/api/posts/999991' });
    await t.app.inject({ url: '/api/posts/999992' });
    const after = await scrape();
    expect(count(after) - count(before)).toBe(2);
    // The URL itself is no label (a bare number could turn up in any sample's value).
    expect(after).not.toContain('/api/posts/999991');
    expect(
      sample(after, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/posts/:id',
      }),
    ).toBeGreaterThanOrEqual(2);
    expect(
      sample(after, 'http_request_duration_seconds_sum', {
        method: 'GET',
        route: '/api/posts/:id',
      }),
    ).toBeGreaterThan(0);
    expect(after).toContain('process_cpu_seconds_total');
  });

  it('reports open event streams, cache lookups, the search gate and the database pool', async () => {
    const user = await registerUser(t.app, 'metrics');
    await t.app.inject({ url: '/api/posts?search=%E7%AC%94%E8%AE%B0', headers: user.auth });
    await t.app.inject({ url: '/api/posts?search=%E7%AC%94%E8%AE%B0', headers: user.auth });
    const text = await scrape();
    expect(sample(text, 'cache_lookups_total', { cache: 'search', result: 'hit' })).toBeGreaterThan(
      0,
    );
    expect(text).toMatch(/^event_streams_open 0$/m);
    expect(text).toMatch(/^requests_waiting_for_turn 0$/m);
    expect(sample(text, 'search_gate_searches', { state: 'running' })).toBe(0);
    expect(sample(text, 'search_gate_searches', { state: 'waiting' })).toBe(0);
    expect(text).toMatch(/^search_gate_given_up_total 0$/m);
    // The gate's own count of searches given up (priority-gate.test.ts) is what the counter says.
    const stats = vi
      .spyOn(t.app.services.searchGate, 'stats')
      .mockReturnValue({ running: 0, waiting: 0, givenUp: 3 });
    try {
      expect(await scrape()).toMatch(/^search_gate_given_up_total 3$/m);
    } finally {
      stats.mockRestore();
    }
    if (kind === 'postgres') {
      expect(sample(text, 'database_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    } else {
      expect(text).not.toContain('database_pool_connections{');
    }
  });

  it('counts payment notices by provider and answer', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/notify/alipay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'out_trade_no=nothing',
    });
    const text = await scrape();
    const noticeCount = sample(text, 'payment_notices_total', { provider: 'alipay' });
    expect(noticeCount).toBe(1);
  });

  it('answers 404 to any other address and to anything that came through a proxy', async () => {
    const outside = await t.app.inject({ url: '/metrics', remoteAddress: '203.0.113.7' });
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual({ error: errorText.notFound });
    const proxied = await t.app.inject({
      url: '/metrics',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(proxied.statusCode).toBe(404);
  });
});
