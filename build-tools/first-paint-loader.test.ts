import type { IndexHtmlTransformHook } from 'vite';
import { describe, expect, it } from 'vitest';
import { firstPaintLoader } from './first-paint-loader';

const BUILT = `<html><head>
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-1.js">
<link rel="modulepreload" crossorigin href="/assets/client-2.js">
<link rel="stylesheet" crossorigin href="/assets/index-3.css">
</head><body><div id="root"></div></body></html>`;

function transform(html: string): string {
  const hook = firstPaintLoader().transformIndexHtml as { handler: IndexHtmlTransformHook };
  return hook.handler.call(undefined as never, html, {
    path: '/index.html',
    filename: 'index.html',
  }) as string;
}

describe('first-paint loader', () => {
  it('replaces the entry script and its preloads with a loader that adds them after the first paint', () => {
    const html = transform(BUILT);
    expect(html).not.toContain('src="/assets/index-abc.js"');
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain('const entry = "/assets/index-abc.js"');
    expect(html).toContain('const preloads = ["/assets/react-1.js","/assets/client-2.js"]');
    expect(html).toContain('requestAnimationFrame');
    expect(html).toContain('img[data-first-screen-hero]');
    // The page bundle's files the server names are fetched with the entry's.
    expect(html).toContain('document.querySelector("meta[name=\\"route-assets\\"]")');
    // A few links per task, so adding forty is no long task.
    expect(html).toContain('hrefs.slice(0, 4)');
    // The stylesheet still blocks rendering, as it must.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-3.css">');
  });

  it('refuses a build without an entry script rather than ship a page that never starts', () => {
    expect(() => transform('<html><head></head><body></body></html>')).toThrow(/entry script/);
  });
});
