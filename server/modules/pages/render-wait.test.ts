import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';

/**
 * A renderer that keeps its thread for a second on an address with `slow` in it. It waits rather
 * than computes, so that a busy machine, which all but stops the low-priority render thread, does
 * not stretch that second.
 */
const RENDERER = `
export async function renderPage(url) {
  if (url.includes('slow')) await new Promise((resolve) => setTimeout(resolve, 1000));
  return { html: '<main>drawn</main>', data: {} };
}`;

const SHELL =
  '<!doctype html><html><head><title>氛围笔记</title></head><body>' +
  '<div id="root"><!--app--><!--/app--></div></body></html>';

interface LogLine {
  level: number;
  msg: string;
  waitMs?: number;
}

describe('a page the render thread is late for', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'vibe-render-wait-'));
  const lines: LogLine[] = [];
  let t: TestApp;

  beforeAll(async () => {
    writeFileSync(path.join(folder, 'index.html'), SHELL);
    writeFileSync(path.join(folder, 'entry-server.mjs'), RENDERER);
    t = await createTestApp(
      'sqlite',
      {
        webRoot: folder,
        pageRenderer: path.join(folder, 'entry-server.mjs'),
        pageRenderWaitMs: 300,
      },
      { logStream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) } },
    );
  });
  afterAll(async () => {
    await t?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const told = (pattern: RegExp) => lines.filter((line) => pattern.test(line.msg));

  it(
    'is the shell, told once as a warning, and drawn again with one line once the thread catches up',
    { timeout: 150_000 },
    async () => {
      const body = async (url: string) => (await t.app.inject({ url })).body;
      const lateTold = () => told(/render thread is late/);
      const inTimeTold = () => told(/draws pages in time again/);
      // Pages until one is drawn and every late spell told has been told over: in time again
      // takes ten pages drawn in time in a row.
      const inTime = () =>
        vi.waitFor(
          async () => {
            expect(await body('/')).toContain('<main>drawn</main>');
            expect(inTimeTold()).toHaveLength(lateTold().length);
          },
          { timeout: 60_000, interval: 20 },
        );
      // The thread's start may itself take longer than the wait on a busy machine.
      await inTime();
      lines.length = 0;

      // Two renders of a second each: neither is drawn within 300 ms.
      const late = await Promise.all([body('/?q=slow1'), body('/?q=slow2')]);
      for (const page of late) {
        expect(page).not.toContain('<main>drawn</main>');
        expect(page).toContain('<!--app--><!--/app-->');
      }
      expect(lateTold()).toMatchObject([{ level: 40, waitMs: 300 }]);

      // Pages asked while the cut-short renders still run are the shell too; once they end, drawn,
      // but one page drawn in time is not yet in time again.
      await vi.waitFor(async () => expect(await body('/')).toContain('<main>drawn</main>'), {
        timeout: 60_000,
        interval: 20,
      });
      expect(inTimeTold()).toEqual([]);
      await inTime();
      expect(lateTold()).toHaveLength(1);
      expect(inTimeTold()).toMatchObject([{ level: 30 }]);
    },
  );
});
