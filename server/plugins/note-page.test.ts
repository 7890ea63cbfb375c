import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/helpers/test-app.ts';
import type { TestApp } from '../../tests/helpers/test-app.ts';

const SHELL = '<!doctype html><html><head><title>氛围笔记</title></head><body></body></html>';
const MANIFEST = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'] },
  '_react.js': { file: 'assets/react.js' },
  'src/app/routes/post.tsx': {
    file: 'assets/post.js',
    css: ['assets/post.css'],
    imports: ['index.html', '_react.js', '_markdown.js'],
  },
  '_markdown.js': { file: 'assets/markdown.js' },
};

describe('the note page’s HTML', () => {
  let webRoot: string;
  let site: TestApp;

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'vibe-note-page-'));
    writeFileSync(path.join(webRoot, 'index.html'), SHELL);
    mkdirSync(path.join(webRoot, '.vite'));
    writeFileSync(path.join(webRoot, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    site = await createTestApp('sqlite', { webRoot });
  });

  afterAll(async () => {
    await site?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('names the note bundle’s files and starts fetching the note from the head', async () => {
    const response = await site.app.inject({ method: 'GET', url: '/post/23' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    const head = response.body.slice(0, response.body.indexOf('</head>'));
    expect(head).toContain(
      '<meta name="route-assets" content="/assets/post.css /assets/post.js /assets/markdown.js">',
    );
    expect(head).toContain('var id = "23";');
    expect(head).toContain("fetch('/api/posts/' + id");
  });

  it('sends the plain shell for an id that is not a note id', async () => {
    for (const id of ['abc', '0', '1%22%3Balert(1)%2F%2F', '12345678901234567']) {
      const response = await site.app.inject({ method: 'GET', url: `/post/${id}` });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(SHELL);
    }
  });
});
