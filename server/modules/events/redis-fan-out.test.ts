import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../../tests/helpers/test-app.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { issueTicket, openStream } from '../../../tests/helpers/stream-client.ts';
import { redisAvailable, testRedisUrl as redisUrl } from '../../../tests/helpers/redis-probe.ts';

/** One database for both instances: PostgreSQL when configured, else one SQLite file. */
async function sharedDatabase(dataDir: string) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { databaseUrl: null, drop: async () => undefined };
  const name = `vibe_fanout_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
    dataDir,
  };
}

describe.skipIf(!(await redisAvailable()))('real-time fan-out through Redis', () => {
  const prefix = `vibe-test-${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vibe-fanout-'));
  const instances: { app: FastifyInstance; origin: string }[] = [];
  let drop: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    const database = await sharedDatabase(dataDir);
    drop = database.drop;
    const config = loadConfig(
      {
        JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256',
        SEED_DEMO: 'false',
        RATE_LIMIT: 'off',
      },
      { dataDir, webRoot: null, databaseUrl: database.databaseUrl, redisUrl },
    );
    // Started one after the other so only the first runs the migrations.
    for (let index = 0; index < 2; index += 1) {
      const app = await buildApp({
        config,
        database: openDatabase(config),
        logger: false,
        realtime: { prefix },
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      instances.push({
        app,
        origin: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
      });
    }
  });

  afterAll(async () => {
    for (const { app } of instances) await app.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
    const cleaner = new Redis(redisUrl);
    const keys = await cleaner.keys(`${prefix}:*`);
    if (keys.length > 0) await cleaner.del(...keys);
    await cleaner.quit();
  });

  it('delivers an event caused on one instance to a stream held by the other', async () => {
    const [a, b] = instances;
    const reader = await registerUser(a.app, 'reader');
    const sender = await registerUser(b.app, 'sender');

    // The ticket comes from instance A and is redeemed on B: tickets live in Redis.
    const stream = await openStream(b.origin, await issueTicket(a.origin, reader.token));
    expect(stream.status).toBe(200);
    expect((await stream.next('unread')).data).toEqual({ notifications: 0, messages: 0 });

    const sent = await fetch(`${a.origin}/api/messages`, {
      method: 'POST',
      headers: { ...sender.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ recipientId: reader.user.id, content: '跨实例' }),
    });
    expect(sent.status).toBe(200);
    const message = await stream.next('message');
    expect(message.data).toMatchObject({ message: { content: '跨实例' } });
    expect((await stream.next('unread')).data).toEqual({ notifications: 1, messages: 1 });

    // A follow made through B reaches the same stream too.
    await fetch(`${b.origin}/api/auth/users/${reader.user.id}/follow`, {
      method: 'POST',
      headers: sender.auth,
    });
    expect((await stream.next('notification')).data).toMatchObject({ type: 'follow' });
    stream.close();

    // Resuming on A replays from the list both instances share.
    const resumed = await openStream(a.origin, await issueTicket(b.origin, reader.token), {
      lastEventId: message.id!,
    });
    const replayed = [await resumed.next(), await resumed.next()];
    expect(replayed.map((event) => [event.event, (event.data as { type?: string }).type])).toEqual([
      ['notification', 'message'],
      ['notification', 'follow'],
    ]);
    expect((await resumed.next()).event).toBe('unread');

    // A ticket works once, whichever instance sees it second.
    const ticket = await issueTicket(a.origin, reader.token);
    const first = await openStream(a.origin, ticket);
    expect((await fetch(`${b.origin}/api/events?ticket=${ticket}`)).status).toBe(401);
    first.close();
    resumed.close();
  });
});
