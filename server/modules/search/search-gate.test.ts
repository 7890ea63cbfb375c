import { once } from 'node:events';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, registerUser } from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';

/**
 * Searches give way to other requests (createSearchGate): every request but a search, and but
 * an event stream that stays open, tells the gate it started and when it ended. The gate's own
 * rules are tested in server/lib/priority-gate.test.ts.
 */
describe('the search gate hears of every request but searches and streams', () => {
  let test: TestApp;
  /** The app also listens on loopback, for clients that hang up, which inject cannot do. */
  let port: number;

  beforeAll(async () => {
    test = await createTestApp('sqlite');
    await test.app.listen({ host: '127.0.0.1', port: 0 });
    port = (test.app.server.address() as AddressInfo).port;
  });
  afterAll(() => test.close());

  it('counts the categories and the feed while they run, and not searches or the stream', async () => {
    const gate = test.app.services.searchGate;
    const started = vi.spyOn(gate, 'otherStarted');
    const ended = vi.spyOn(gate, 'otherEnded');
    try {
      for (const [url, status] of [
        ['/api/posts?search=编程', 200],
        ['/api/posts?search=设计&page=2', 200],
        // A ticket that was never issued: refused, and still not counted (a stream's route).
        ['/api/events?ticket=none', 401],
        ['/api/categories', 200],
      ] as const) {
        expect((await test.app.inject({ url })).statusCode).toBe(status);
      }
      await expect.poll(() => ended.mock.calls.length).toBe(1);
      expect((await test.app.inject({ url: '/api/posts' })).statusCode).toBe(200);
      await expect.poll(() => ended.mock.calls.length).toBe(2);
      expect(started).toHaveBeenCalledTimes(2);
      // Every request counted has ended: once quiet, nothing holds the site busy.
      await expect.poll(() => gate.contended()).toBe(false);
    } finally {
      started.mockRestore();
      ended.mockRestore();
    }
  });

  it('does not count a request whose client hung up before its turn, which would never end', async () => {
    const { token } = await registerUser(test.app, 'hangup');
    const gate = test.app.services.searchGate;
    const started = vi.spyOn(gate, 'otherStarted');
    const ended = vi.spyOn(gate, 'otherEnded');
    try {
      // Each client asks as a signed-in reader and resets its connection at once: the request
      // is read, and the connection is gone while the session's hook checks the token.
      for (let client = 0; client < 20; client += 1) {
        const socket = connect(port, '127.0.0.1');
        await once(socket, 'connect');
        socket.write(
          `GET /api/categories HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n\r\n`,
        );
        socket.resetAndDestroy();
        await once(socket, 'close');
      }
      const answered = await fetch(`http://127.0.0.1:${port}/api/categories`);
      expect(answered.status).toBe(200);
      await expect.poll(() => ended.mock.calls.length).toBe(started.mock.calls.length);
      expect(started.mock.calls.length).toBeGreaterThan(0);
    } finally {
      started.mockRestore();
      ended.mockRestore();
    }
  });

  it("hands the gate a check of the search's connection, true once its client hung up", async () => {
    const gate = test.app.services.searchGate;
    const checks: (() => boolean)[] = [];
    /** Holds the searches the gate gets from now on, until released. */
    let held: Promise<void> | null = null;
    const run = vi.spyOn(gate, 'run').mockImplementation(async (work, abandoned) => {
      checks.push(abandoned ?? (() => true));
      expect(abandoned?.()).toBe(false);
      if (held) await held;
      return work();
    });
    try {
      const answered = await fetch(
        `http://127.0.0.1:${port}/api/posts?search=${encodeURI('编程')}`,
      );
      expect(answered.status).toBe(200);
      expect(checks).toHaveLength(1);

      let release!: () => void;
      held = new Promise<void>((resolve) => (release = resolve));
      const socket = connect(port, '127.0.0.1');
      await once(socket, 'connect');
      socket.write(
        `GET /api/posts?search=${encodeURI('设计')} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
      );
      await expect.poll(() => checks.length).toBe(2);
      expect(checks[1]()).toBe(false);
      socket.resetAndDestroy();
      await expect.poll(() => checks[1]()).toBe(true);
      release();
    } finally {
      run.mockRestore();
    }
  });
});
