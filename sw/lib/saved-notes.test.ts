import { describe, expect, it, vi } from 'vitest';
import { apiCacheKey, stampForCache, viewerOf } from './api-cache';
import { createSavedNotes, isSavedNotesRequest } from './saved-notes';
import type { CacheLike } from './saved-notes';

const origin = 'https://notes.example';
const schema = 'schema-1';

class MapCache implements CacheLike {
  readonly entries = new Map<string, Response>();
  async match(key: string) {
    return this.entries.get(key)?.clone();
  }
  async put(key: string, response: Response) {
    this.entries.set(key, response);
  }
  async delete(key: string) {
    return this.entries.delete(key);
  }
  async keys() {
    return [...this.entries.keys()].map((key) => new Request(key));
  }
}

function post(id: string, images: string[]) {
  return {
    id,
    _id: id,
    title: `笔记 ${id}`,
    cover: images[0] ? { url: images[0], width: 10, height: 10 } : null,
    images: images.map((url) => ({ url, width: 10, height: 10 })),
    author: { username: '小明' },
  };
}

function setup(online = true) {
  const cache = new MapCache();
  const apiCache = new Map<string, Response>();
  const server = new Map([
    ['1', post('1', ['/api/uploads/a.jpg', '/api/uploads/shared.jpg'])],
    ['2', post('2', ['/api/uploads/shared.jpg'])],
  ]);
  const fetch = vi.fn(async (request: Request) => {
    if (!online) throw new TypeError('Failed to fetch');
    const found = server.get(new URL(request.url).pathname.split('/').pop() ?? '');
    return found
      ? new Response(JSON.stringify(found), { headers: { 'content-type': 'application/json' } })
      : new Response('{"error":"笔记不存在或已被删除"}', { status: 404 });
  });
  const notes = createSavedNotes({
    origin,
    schema,
    saved: async () => cache,
    cachedRead: async (key) => apiCache.get(key)?.clone(),
    fetch,
    loadImage: async (url) => ({ key: `${url}?q=0.85&w=1280`, response: new Response('img') }),
  });
  const call = (method: string, path: string, body?: unknown) =>
    notes.handle(
      new Request(`${origin}${path}`, {
        method,
        headers: { authorization: 'Bearer me' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  return { cache, apiCache, fetch, call };
}

describe('saved notes', () => {
  it('routes only its own paths', () => {
    expect(isSavedNotesRequest(new URL('/api/offline/saved', origin), origin)).toBe(true);
    expect(isSavedNotesRequest(new URL('/api/offline/saved/12', origin), origin)).toBe(true);
    expect(isSavedNotesRequest(new URL('/api/posts/12', origin), origin)).toBe(false);
  });

  it('stores a note with its images and lists it for its viewer only', async () => {
    const { cache, call } = setup();
    expect(await (await call('POST', '/api/offline/saved', { postId: '1' })).json()).toEqual({
      saved: true,
    });
    expect([...cache.entries.keys()]).toEqual([
      apiCacheKey(new URL('/api/posts/1', origin), await viewerOf('Bearer me')),
      `${origin}/api/uploads/a.jpg?q=0.85&w=1280`,
      `${origin}/api/uploads/shared.jpg?q=0.85&w=1280`,
    ]);
    const { notes } = await (await call('GET', '/api/offline/saved?_t=1')).json();
    expect(notes).toEqual([
      expect.objectContaining({ id: '1', title: '笔记 1', authorName: '小明' }),
    ]);
    expect(await (await call('GET', '/api/offline/saved/1')).json()).toEqual({ saved: true });

    const stranger = await createSavedNotesFor(cache);
    expect(stranger).toEqual([]);
  });

  it('saves the copy already read when the network is gone', async () => {
    const { apiCache, call } = setup(false);
    const key = apiCacheKey(new URL('/api/posts/2', origin), await viewerOf('Bearer me'));
    apiCache.set(
      key,
      await stampForCache(
        new Response(JSON.stringify(post('2', [])), {
          headers: { 'content-type': 'application/json' },
        }),
        schema,
      ),
    );
    expect((await call('POST', '/api/offline/saved', { postId: '2' })).status).toBe(200);
    const offlineOnly = await call('POST', '/api/offline/saved', { postId: '1' });
    expect(offlineOnly.status).toBe(503);
    expect((await offlineOnly.json()).error).toContain('联网');
  });

  it('forgets a note and the images no other saved note uses', async () => {
    const { cache, call } = setup();
    await call('POST', '/api/offline/saved', { postId: '1' });
    await call('POST', '/api/offline/saved', { postId: '2' });
    await call('DELETE', '/api/offline/saved/1');
    const keys = [...cache.entries.keys()];
    expect(keys.some((key) => key.includes('a.jpg'))).toBe(false);
    expect(keys.some((key) => key.includes('shared.jpg'))).toBe(true);
    expect(await (await call('GET', '/api/offline/saved/1')).json()).toEqual({ saved: false });
  });

  it('passes the server’s refusal through', async () => {
    const { call } = setup();
    expect((await call('POST', '/api/offline/saved', { postId: '99' })).status).toBe(404);
    expect((await call('POST', '/api/offline/saved', { postId: 'x' })).status).toBe(400);
  });
});

/** What another account signed in on the same browser sees in the same cache. */
async function createSavedNotesFor(cache: MapCache) {
  const notes = createSavedNotes({
    origin,
    schema,
    saved: async () => cache,
    cachedRead: async () => undefined,
    fetch: async () => new Response(null, { status: 500 }),
    loadImage: async () => ({ key: '', response: new Response(null, { status: 500 }) }),
  });
  const response = await notes.handle(
    new Request(`${origin}/api/offline/saved`, { headers: { authorization: 'Bearer other' } }),
  );
  return (await response.json()).notes;
}
