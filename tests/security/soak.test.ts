import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServerProcess } from './server-process.ts';

const LONG = process.env.SECURITY_LONG === '1';
const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const CONNECTIONS = 16;
const WORDS = ['AI', '编程', '设计', '提示词', '摄影', '咖啡', '效率', '单元测试', '生活', '模型'];

/** Least-squares slope of (seconds, MiB) samples, in MiB per minute. */
function slopePerMinute(samples: [number, number][]): number {
  const n = samples.length;
  const meanX = samples.reduce((sum, [x]) => sum + x, 0) / n;
  const meanY = samples.reduce((sum, [, y]) => sum + y, 0) / n;
  const covariance = samples.reduce((sum, [x, y]) => sum + (x - meanX) * (y - meanY), 0);
  const variance = samples.reduce((sum, [x]) => sum + (x - meanX) ** 2, 0);
  return (covariance / variance) * 60;
}

/**
 * The soak: reads, searches and writes for SOAK_SECONDS; no request may fail, and memory after
 * the warm-up must not keep growing.
 */
describe.runIf(LONG)('a long mixed load', () => {
  it(
    'answers every request and holds its memory',
    { timeout: (SOAK_SECONDS + 120) * 1000 },
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'vibe-soak-'));
      const server = await startServerProcess({
        DATA_DIR: dataDir,
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
      });
      try {
        const login = await fetch(`${server.origin}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: '代码诗人', password: 'demo12345' }),
        });
        const { token } = (await login.json()) as { token: string };
        const feed = (await (await fetch(`${server.origin}/api/posts?limit=20`)).json()) as {
          posts: { id: string }[];
        };
        const ids = feed.posts.map((post) => post.id);
        const started = Date.now();
        const deadline = started + SOAK_SECONDS * 1000;
        let requests = 0;
        const errors: string[] = [];
        const memory: [number, number][] = [];
        const sampler = setInterval(
          () => memory.push([(Date.now() - started) / 1000, server.rssMiB()]),
          5000,
        );
        const worker = async (connection: number) => {
          for (let turn = 0; Date.now() < deadline; turn += 1) {
            const id = ids[(connection + turn) % ids.length];
            const word = WORDS[(connection * 7 + turn) % WORDS.length];
            const request: [string, RequestInit] =
              turn % 10 === 9
                ? [
                    `/api/posts/${id}/comments`,
                    {
                      method: 'POST',
                      headers: {
                        'content-type': 'application/json',
                        authorization: `Bearer ${token}`,
                      },
                      body: JSON.stringify({ content: `浸泡测试评论 ${connection}-${turn}` }),
                    },
                  ]
                : [
                    [
                      `/api/posts?page=${1 + (turn % 3)}`,
                      `/api/posts/${id}`,
                      `/api/posts?search=${encodeURIComponent(word)}`,
                    ][turn % 3],
                    {},
                  ];
            try {
              const response = await fetch(server.origin + request[0], request[1]);
              await response.arrayBuffer();
              if (response.status >= 500) errors.push(`${request[0]} -> ${response.status}`);
            } catch (error) {
              errors.push(`${request[0]} -> ${(error as Error).message}`);
            }
            requests += 1;
          }
        };
        await Promise.all(Array.from({ length: CONNECTIONS }, (_, index) => worker(index)));
        clearInterval(sampler);
        // The first minute fills caches and the JIT; growth after it is what a leak looks like.
        const settled = memory.filter(([seconds]) => seconds >= Math.min(60, SOAK_SECONDS / 2));
        const slope = slopePerMinute(settled);
        console.info(
          `security figure: soak ${SOAK_SECONDS} s: ${requests} requests, ${errors.length} errors, ` +
            `RSS ${memory[0]?.[1].toFixed(0)} -> ${memory.at(-1)?.[1].toFixed(0)} MiB, slope ${slope.toFixed(2)} MiB/min`,
        );
        expect(errors).toEqual([]);
        // A slope needs a settled stretch to mean anything; short smoke runs check errors only.
        if (settled.length >= 10) expect(slope).toBeLessThan(2);
      } finally {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
