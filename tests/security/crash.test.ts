import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPostgresDatabase, testDatabases } from '../helpers/test-app.ts';
import { startServerProcess } from './server-process.ts';

const LONG = process.env.SECURITY_LONG === '1';
const WRITERS = 8;
/** Acknowledged writes to collect before the kill. */
const ACKED_BEFORE_KILL = 300;

/**
 * kill -9 under write load: every draft save the server acknowledged (200 with its id) before it was killed
 * is there when a new server starts on the same data, on each database.
 */
describe.runIf(LONG).each(testDatabases)('acknowledged writes after kill -9, on %s', (kind) => {
  it('loses none', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vibe-crash-'));
    const postgres = kind === 'postgres' ? await createPostgresDatabase() : null;
    const env = { DATA_DIR: dataDir, DATABASE_URL: postgres?.url ?? '' };
    try {
      let server = await startServerProcess(env);
      const register = await fetch(`${server.origin}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: 'crash_writer',
          email: 'crash@example.com',
          password: 'secret123',
        }),
      });
      const { token } = (await register.json()) as { token: string };
      const acknowledged: string[] = [];
      let reachedTarget!: () => void;
      const enough = new Promise<void>((resolve) => (reachedTarget = resolve));
      let running = true;
      const writer = async (writerId: number) => {
        for (let sequence = 0; running; sequence += 1) {
          const clientId = `crash-${writerId}-${sequence}`;
          try {
            const response = await fetch(`${server.origin}/api/drafts`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
              body: JSON.stringify({
                clientId,
                title: `崩溃测试 ${clientId}`,
                data: { content: '正文', categoryId: '1', tags: [], images: [], price: 0 },
                editedAt: new Date().toISOString(),
              }),
            });
            if (response.ok) {
              acknowledged.push(((await response.json()) as { draft: { id: string } }).draft.id);
            }
            if (acknowledged.length >= ACKED_BEFORE_KILL) reachedTarget();
          } catch {
            return; // the server is gone
          }
        }
      };
      const writers = Array.from({ length: WRITERS }, (_, index) => writer(index));
      await enough;
      await server.kill9();
      running = false;
      await Promise.all(writers);

      server = await startServerProcess(env);
      const lost: string[] = [];
      for (const id of acknowledged) {
        const stored = await fetch(`${server.origin}/api/drafts/${id}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        if (!stored.ok) lost.push(id);
      }
      await server.stop();
      console.info(
        `security figure: kill -9 on ${kind}: ${acknowledged.length} acknowledged writes, ${lost.length} lost`,
      );
      expect(lost).toEqual([]);
    } finally {
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
