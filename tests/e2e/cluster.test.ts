import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueTicket, openStream } from '../helpers/stream-client.ts';
import type { TestStream } from '../helpers/stream-client.ts';
import { spawnInstance, startNginx } from '../helpers/cluster.ts';
import type { Balancer, Instance } from '../helpers/cluster.ts';
import { freePort } from '../helpers/e2e.ts';
import { startTestS3 } from '../helpers/s3-server.ts';
import type { TestS3 } from '../helpers/s3-server.ts';
import { createPostgresDatabase } from '../helpers/test-app.ts';
import { RATE_LIMITS } from '../../server/plugins/rate-limits.ts';

/**
 * Three instances of the compiled server on one PostgreSQL database, one Redis and one
 * S3-compatible store, behind nginx with deploy/nginx.conf. Every request goes through nginx;
 * its access log says which instance answered.
 */

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const hasNginx = (() => {
  try {
    execFileSync('nginx', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const built = existsSync('dist-server/main.js') && existsSync('dist/index.html');

interface Session {
  token: string;
  user: { id: string; username: string };
  auth: { authorization: string };
}

describe.skipIf(!databaseUrl || !redisUrl || !hasNginx || !built)(
  'three instances behind nginx',
  () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vibe-cluster-'));
    const prefix = `vibe-cluster-${randomBytes(6).toString('hex')}`;
    const instances: Instance[] = [];
    let env: Record<string, string>;
    let s3: TestS3;
    let nginx: Balancer;
    let database: { url: string; drop: () => Promise<void> };
    let counter = 0;

    beforeAll(async () => {
      [s3, database] = await Promise.all([startTestS3(), createPostgresDatabase()]);
      env = {
        DATABASE_URL: database.url,
        REDIS_URL: redisUrl!,
        REDIS_PREFIX: prefix,
        ...s3.env,
        JWT_SECRET: 'cluster-test-secret-that-is-long-enough',
        TRUST_PROXY: 'true',
        SEED_DEMO: 'false',
        // The limits count in Redis across the instances. Reads are opened wide for the load of
        // the failover test; writes keep the default the write-limit test counts against.
        RATE_LIMIT_READS: '1000000',
        LOG_LEVEL: 'warn',
        WEB_ROOT: path.resolve('dist'),
      };
      const ports = await Promise.all([freePort(), freePort(), freePort()]);
      // Started together on an empty database: the migrations run once, under their lock.
      const started = ports.map((port, index) =>
        spawnInstance(port, { ...env, DATA_DIR: path.join(dir, `instance-${index}`) }),
      );
      instances.push(...started);
      await Promise.all(started.map((instance) => instance.ready));
      nginx = await startNginx(path.join(dir, 'nginx'), ports);
    });

    afterAll(async () => {
      await nginx?.stop();
      await Promise.all(instances.map((instance) => instance.stop()));
      await s3?.close();
      await database?.drop();
      const redis = new Redis(redisUrl!);
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
      rmSync(dir, { recursive: true, force: true });
    });

    const call = (pathname: string, init: RequestInit = {}) =>
      fetch(`${nginx.origin}${pathname}`, init);

    const answeredBy = async (response: Response) => {
      const id = response.headers.get('x-request-id');
      expect(id).toBeTruthy();
      return nginx.upstreamOf(id!);
    };

    /** The next notification of this type, skipping others (a message notifies too). */
    async function nextNotification(stream: TestStream, type: string) {
      for (;;) {
        const event = await stream.next('notification');
        if ((event.data as { type?: string }).type === type) return event;
      }
    }

    async function register(role: string): Promise<Session> {
      counter += 1;
      const username = `${role}_${Date.now().toString(36)}${counter}`.slice(0, 20);
      const response = await call('/api/auth/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, email: `${username}@example.com`, password: 'secret123' }),
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as Omit<Session, 'auth'>;
      return { ...body, auth: { authorization: `Bearer ${body.token}` } };
    }

    async function registerAdmin(): Promise<Session> {
      const admin = await register('admin');
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      await client.query('UPDATE users SET is_admin = 1 WHERE id = $1', [Number(admin.user.id)]);
      await client.end();
      return admin;
    }

    async function publish(author: Session, admin: Session, fields: Record<string, unknown>) {
      const created = await call('/api/posts', {
        method: 'POST',
        headers: { ...author.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ content: '集群里写下的一篇笔记。', categoryId: '1', ...fields }),
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };
      const reviewed = await call(`/api/posts/admin/${id}/review`, {
        method: 'POST',
        headers: { ...admin.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'approved' }),
      });
      expect(reviewed.status).toBe(200);
      return id;
    }

    it('serves an image uploaded on one instance, and its variants, from the others', async () => {
      const author = await register('uploader');
      const data = await sharp({
        create: { width: 900, height: 600, channels: 3, background: '#5b5bf7' },
      })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(data)], { type: 'image/png' }), 'photo.png');
      const uploaded = await call('/api/posts/upload', {
        method: 'POST',
        headers: author.auth,
        body: form,
      });
      expect(uploaded.status).toBe(200);
      const uploadedOn = await answeredBy(uploaded);
      const { url } = (await uploaded.json()) as { url: string };

      const readers = new Set<string>();
      const variants: Buffer[] = [];
      for (let round = 0; round < 3; round += 1) {
        const original = await call(url);
        expect(original.status).toBe(200);
        expect(Buffer.from(await original.arrayBuffer()).equals(data)).toBe(true);
        readers.add(await answeredBy(original));
        const variant = await call(`${url}?w=320`, { headers: { accept: 'image/webp' } });
        expect(variant.status).toBe(200);
        expect(variant.headers.get('content-type')).toBe('image/webp');
        variants.push(Buffer.from(await variant.arrayBuffer()));
        readers.add(await answeredBy(variant));
      }
      readers.delete(uploadedOn);
      expect(readers.size).toBe(2);
      // Made once and stored beside the original: every instance sends the same bytes.
      expect(variants.every((variant) => variant.equals(variants[0]))).toBe(true);
      expect((await sharp(variants[0]).metadata()).width).toBe(320);
    });

    it('finds a note published and approved through one instance on every instance', async () => {
      const [author, admin] = await Promise.all([register('author'), registerAdmin()]);
      const word = `jiqun${randomBytes(4).toString('hex')}`;
      const id = await publish(author, admin, { title: `跨实例的笔记 ${word}` });
      const searchedOn = new Set<string>();
      for (let round = 0; round < 6; round += 1) {
        const response = await call(`/api/posts?search=${word}`);
        expect(response.status).toBe(200);
        const body = (await response.json()) as { posts: Array<{ id: string }> };
        expect(body.posts.map((post) => post.id)).toEqual([id]);
        searchedOn.add(await answeredBy(response));
      }
      expect([...searchedOn].sort()).toEqual(instances.map((instance) => instance.address).sort());
    });

    it('delivers a live notification to a stream held by another instance', async () => {
      const [reader, sender] = await Promise.all([register('reader'), register('sender')]);
      const ticket = await issueTicket(nginx.origin, reader.token);
      const stream = await openStream(nginx.origin, ticket);
      const writes: string[] = [];
      try {
        expect(stream.status).toBe(200);
        await stream.next('unread');

        const sent = await call('/api/messages', {
          method: 'POST',
          headers: { ...sender.auth, 'content-type': 'application/json' },
          body: JSON.stringify({ recipientId: reader.user.id, content: '经过负载均衡的消息' }),
        });
        expect(sent.status).toBe(200);
        writes.push(await answeredBy(sent));
        expect((await stream.next('message')).data).toMatchObject({
          message: { content: '经过负载均衡的消息' },
        });
        const followed = await call(`/api/auth/users/${reader.user.id}/follow`, {
          method: 'POST',
          headers: sender.auth,
        });
        expect(followed.status).toBe(200);
        writes.push(await answeredBy(followed));
        await nextNotification(stream, 'follow');
      } finally {
        stream.close();
      }
      await stream.ended;
      // nginx logs the stream when it ends; find which instance held it.
      let streamLine: string | undefined;
      while (!streamLine) {
        streamLine = nginx.accessLog().find((line) => line.includes(`ticket=${ticket}`));
        if (!streamLine) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const heldBy = /upstream=(\S+)/.exec(streamLine)?.[1];
      expect(heldBy).toBeTruthy();
      expect(writes.some((write) => write !== heldBy)).toBe(true);
    });

    it('counts one write limit across the instances', async () => {
      const writer = await register('limited');
      const answers: { status: number; upstream: string | undefined }[] = [];
      // One more than the limit, one at a time so nginx spreads them over all three.
      for (let index = 0; index <= RATE_LIMITS.writesPerMinute; index += 1) {
        const response = await call('/api/drafts', {
          method: 'POST',
          headers: { ...writer.auth, 'content-type': 'application/json' },
          body: JSON.stringify({
            clientId: `limit-${index}`,
            title: '限流测试',
            data: { content: '正文', categoryId: '1', tags: [], images: [], price: 0 },
            editedAt: new Date().toISOString(),
          }),
        });
        answers.push({ status: response.status, upstream: await answeredBy(response) });
      }
      const accepted = answers.filter((answer) => answer.status === 200);
      expect(accepted).toHaveLength(RATE_LIMITS.writesPerMinute);
      expect(answers.at(-1)?.status).toBe(429);
      expect(new Set(accepted.map((answer) => answer.upstream)).size).toBe(3);
    });

    it('answers every read while an instance is killed, and takes it back when it returns', async () => {
      const [author, admin] = await Promise.all([register('loadauthor'), registerAdmin()]);
      const id = await publish(author, admin, { title: '负载下的笔记' });
      const reads = [`/api/posts?page=1`, `/api/posts/${id}`];
      const failures: string[] = [];
      let answered = 0;
      let answeredDuringKill = 0;
      let phase: 'before' | 'killed' | 'done' = 'before';

      async function worker(index: number) {
        for (let round = 0; phase !== 'done'; round += 1) {
          const pathname = reads[(index + round) % reads.length];
          try {
            const response = await call(pathname, { headers: author.auth });
            await response.arrayBuffer();
            if (response.status !== 200) failures.push(`${pathname}: ${response.status}`);
            else {
              answered += 1;
              if (phase === 'killed') answeredDuringKill += 1;
            }
          } catch (error) {
            failures.push(`${pathname}: ${String(error)}`);
          }
        }
      }

      // Keyed writes, as the app's outbox sends them: a write whose answer is lost (the instance
      // died, nginx answered 502) is sent again with the same Idempotency-Key until answered.
      const writer = await register('loadwriter');
      const acknowledged = new Map<string, string>();
      let resent = 0;
      async function keyedWriter(index: number) {
        for (let round = 0; phase !== 'done'; round += 1) {
          const key = `cluster-${index}-${round}`;
          for (let attempt = 0; ; attempt += 1) {
            const response = await call('/api/posts', {
              method: 'POST',
              headers: {
                ...writer.auth,
                'content-type': 'application/json',
                'idempotency-key': key,
              },
              body: JSON.stringify({
                title: `键 ${key}`,
                content: '负载下的写入。',
                categoryId: '1',
              }),
            }).catch(() => null);
            if (response?.status === 201) {
              acknowledged.set(key, ((await response.json()) as { id: string }).id);
              break;
            }
            await response?.arrayBuffer();
            resent += 1;
            if (attempt >= 20) throw new Error(`write ${key} never answered`);
          }
        }
      }

      const victim = instances[2];
      const load = Promise.all([
        ...Array.from({ length: 8 }, (_, index) => worker(index)),
        ...Array.from({ length: 2 }, (_, index) => keyedWriter(index)),
      ]);
      await waitFor(() => answered >= 100);
      const killedAt = answered;
      phase = 'killed';
      const killStarted = performance.now();
      await victim.kill('SIGKILL');
      await waitFor(() => answered >= killedAt + 300);
      phase = 'done';
      await load;
      const retried = nginx.accessLog().filter((line) => /upstream=\S+, /.test(line)).length;
      // The figures the README's capacity note quotes.
      console.info(
        `failover: ${answeredDuringKill} reads answered in ${Math.round(performance.now() - killStarted)} ms ` +
          `after SIGKILL, ${failures.length} failed, ${retried} retried by nginx on another instance; ` +
          `${acknowledged.size} keyed writes acknowledged, ${resent} sent again after a lost answer`,
      );

      expect(failures).toEqual([]);
      expect(answeredDuringKill).toBeGreaterThanOrEqual(300);

      // No keyed write lost or doubled: one note per acknowledged key, each its own.
      expect(acknowledged.size).toBeGreaterThan(0);
      expect(new Set(acknowledged.values()).size).toBe(acknowledged.size);
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const { rows } = await client.query<{ title: string; n: number }>(
        'SELECT title, count(*)::int AS n FROM posts WHERE author_id = $1 GROUP BY title',
        [Number(writer.user.id)],
      );
      await client.end();
      expect(rows.every((row) => row.n === 1)).toBe(true);
      expect(rows.map((row) => row.title).sort()).toEqual(
        [...acknowledged.keys()].map((key) => `键 ${key}`).sort(),
      );

      // Restarted on the same port, the instance gets requests again once fail_timeout passes.
      const restarted = spawnInstance(victim.port, {
        ...env,
        DATA_DIR: path.join(dir, 'instance-2'),
      });
      instances[2] = restarted;
      await restarted.ready;
      let servedByRestarted = false;
      while (!servedByRestarted) {
        const response = await call(`/api/posts/${id}`, { headers: author.auth });
        expect(response.status).toBe(200);
        servedByRestarted = (await answeredBy(response)) === restarted.address;
        if (!servedByRestarted) await new Promise((resolve) => setTimeout(resolve, 200));
      }
    });
  },
);

/** Resolves when `done()` holds; the load workers make progress in between. */
async function waitFor(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 20));
}
