import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import type { TestApp } from '../../../tests/helpers/test-app.ts';

/** A renderer that holds its thread for 400 ms on an address with `slow` in it. */
const RENDERER = `
export async function renderPage(url) {
  if (url.includes('slow')) {
    const until = Date.now() + 400;
    while (Date.now() < until);
  }
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
        pageRenderWaitMs: 150,
      },
      { logStream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) } },
    );
  });
  afterAll(async () => {
    await t?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const told = (pattern: RegExp) => lines.filter((line) => pattern.test(line.msg));

  it('is the shell, told once as a warning, and drawn again with one line once the thread catches up', async () => {
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
        { timeout: 20_000, interval: 20 },
      );
    // The thread's start may itself take longer than 150 ms on a busy machine.
    await inTime();
    lines.length = 0;

    // Two renders of 400 ms each: neither is drawn within 150 ms.
    const late = await Promise.all([body('/?q=slow1'), body('/?q=slow2')]);
    for (const page of late) {
      expect(page).not.toContain('<main>drawn</main>');
      expect(page).toContain('<!--app--><!--/app-->');
    }
    expect(lateTold()).toMatchObject([{ level: 40, waitMs: 150 }]);

    // Pages asked while the cut-short renders still run are the shell too; once they end, drawn,
    // but one page drawn in time is not yet in time again.
    await vi.waitFor(async () => expect(await body('/')).toContain('<main>drawn</main>'), {
      timeout: 20_000,
      interval: 20,
    });
    expect(inTimeTold()).toEqual([]);
    await inTime();
    expect(lateTold()).toHaveLength(1);
    expect(inTimeTold()).toMatchObject([{ level: 30 }]);
  });
});
