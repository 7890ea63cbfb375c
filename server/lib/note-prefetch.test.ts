// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTE_PREFETCH_GLOBAL } from '../../contract/page-hints.ts';
import { notePrefetchScript } from './note-prefetch.ts';

/** Runs the script the way the browser runs it from the head. */
function runScript(id: string) {
  window.history.replaceState(null, '', `/post/${id}`);
  const html = notePrefetchScript();
  const code = html.slice('<script>'.length, -'</script>'.length);
  new Function(code)();
}

type Prefetch = { id: string; request: Promise<unknown>; note?: unknown };
const prefetchOf = () =>
  (window as unknown as Record<string, Prefetch | undefined>)[NOTE_PREFETCH_GLOBAL];

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  delete (window as unknown as Record<string, unknown>)[NOTE_PREFETCH_GLOBAL];
  document.head.innerHTML = '';
});

describe('the note page’s prefetch script', () => {
  it('asks for the note with the session and preloads its first image as the viewer will', async () => {
    localStorage.setItem('token', 'abc');
    const note = {
      id: '23',
      images: [{ url: '/api/uploads/a.jpg' }, { url: '/api/uploads/b.jpg' }],
    };
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(note), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);

    runScript('23');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/^\/api\/posts\/23\?_t=\d+$/);
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer abc');
    await expect(prefetchOf()?.request).resolves.toEqual(note);
    // Kept for the app's first render too.
    expect(prefetchOf()?.note).toEqual(note);

    const link = document.head.querySelector('link[rel="preload"]') as HTMLLinkElement & {
      imageSrcset: string;
      imageSizes: string;
    };
    expect(link.as).toBe('image');
    expect(link.imageSrcset).toBe(
      '/api/uploads/a.jpg?w=320 320w, /api/uploads/a.jpg?w=480 480w, /api/uploads/a.jpg?w=640 640w, ' +
        '/api/uploads/a.jpg?w=960 960w, /api/uploads/a.jpg?w=1280 1280w',
    );
    expect(link.imageSizes).toBe('(min-width: 1024px) 640px, 100vw');
  });

  it('hands over null, and preloads nothing, when the server refuses', async () => {
    localStorage.setItem('token', 'abc');
    vi.stubGlobal('fetch', async () => new Response('{"error":"笔记不存在"}', { status: 404 }));
    runScript('23');
    await expect(prefetchOf()?.request).resolves.toBeNull();
    expect(document.head.querySelector('link')).toBeNull();
  });

  it('does nothing for a visitor without a session', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    runScript('23');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(prefetchOf()).toBeUndefined();
  });
});
