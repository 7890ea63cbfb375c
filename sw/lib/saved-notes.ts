import type { Post } from '../../contract/post';
import {
  apiCacheKey,
  isUsableCopy,
  stampForCache,
  STORED_AT_HEADER,
  viewerOf,
  VIEWER_PARAM,
} from './api-cache';
import type { SavedNoteSummary } from '../../shared/offline/saved-note-summary';
import { workerTexts } from './texts';

/**
 * 保存离线阅读: a small local API the worker answers itself, so the page reaches it through its
 * usual fetch wrapper (token included) and never learns cache names or keys.
 *
 *   GET    /api/offline/saved        the viewer's saved notes, newest first
 *   GET    /api/offline/saved/{id}   { saved: boolean }
 *   POST   /api/offline/saved        { postId } stores the note and its images
 *   DELETE /api/offline/saved/{id}   forgets it
 */
export const SAVED_NOTES_PATH = '/api/offline/saved';

const ITEM_PATH = /^\/api\/offline\/saved\/(\d+)$/;
const POST_KEY_PATH = /^\/api\/posts\/(\d+)$/;

/** The parts of a Cache the store needs (a Map stands in for it in tests). */
export interface CacheLike {
  match(key: string): Promise<Response | undefined>;
  put(key: string, response: Response): Promise<void>;
  delete(key: string): Promise<boolean>;
  keys(): Promise<ReadonlyArray<Request>>;
}

export interface SavedNotesOptions {
  origin: string;
  schema: string;
  saved: () => Promise<CacheLike>;
  /** The copy the API cache holds, when the note was opened before (network-first's cache). */
  cachedRead: (key: string) => Promise<Response | undefined>;
  fetch: (request: Request) => Promise<Response>;
  /** Loads an image through the worker's image pipeline and returns it with its cache key. */
  loadImage: (url: string) => Promise<{ key: string; response: Response }>;
}

const FOREVER = Number.POSITIVE_INFINITY;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}

export function isSavedNotesRequest(url: URL, origin: string): boolean {
  return (
    url.origin === origin && (url.pathname === SAVED_NOTES_PATH || ITEM_PATH.test(url.pathname))
  );
}

export function createSavedNotes(options: SavedNotesOptions) {
  const postUrl = (id: string) => new URL(`/api/posts/${id}`, options.origin);

  function imageUrls(post: Post): string[] {
    const urls = post.images.map((image) => image.url);
    if (post.cover && !urls.includes(post.cover.url)) urls.unshift(post.cover.url);
    return urls.map((url) => new URL(url, options.origin).href);
  }

  async function readPost(response: Response): Promise<Post | null> {
    try {
      return (await response.clone().json()) as Post;
    } catch {
      return null;
    }
  }

  async function save(request: Request, viewer: string): Promise<Response> {
    const body = (await request.json().catch(() => null)) as { postId?: unknown } | null;
    const postId =
      typeof body?.postId === 'string' && /^\d+$/.test(body.postId) ? body.postId : null;
    if (!postId) return json({ error: workerTexts.savedNoteMissing }, 400);

    const key = apiCacheKey(postUrl(postId), viewer);
    const headers: HeadersInit = {};
    const authorization = request.headers.get('authorization');
    if (authorization) headers.authorization = authorization;
    let copy: Response | undefined;
    try {
      const fresh = await options.fetch(new Request(postUrl(postId), { headers }));
      if (fresh.ok) copy = fresh;
      else return fresh;
    } catch {
      copy = await options.cachedRead(key);
    }
    if (!copy) return json({ error: workerTexts.saveNeedsNetwork }, 503);
    const post = await readPost(copy);
    if (!post) return json({ error: workerTexts.saveFailed }, 502);

    const cache = await options.saved();
    await cache.put(key, await stampForCache(copy, options.schema));
    // All at once: the image loader's limiter keeps them to a few at a time.
    await Promise.all(
      imageUrls(post).map(async (url) => {
        const image = await options.loadImage(url).catch(() => null);
        if (image?.response.ok) await cache.put(image.key, image.response);
      }),
    );
    return json({ saved: true });
  }

  async function savedCopies(viewer: string): Promise<Array<{ key: string; response: Response }>> {
    const cache = await options.saved();
    const copies: Array<{ key: string; response: Response }> = [];
    for (const request of await cache.keys()) {
      const url = new URL(request.url);
      if (!POST_KEY_PATH.test(url.pathname) || url.searchParams.get(VIEWER_PARAM) !== viewer) {
        continue;
      }
      const response = await cache.match(request.url);
      if (response && isUsableCopy(response, options.schema, FOREVER)) {
        copies.push({ key: request.url, response });
      }
    }
    return copies;
  }

  async function list(viewer: string): Promise<Response> {
    const notes: SavedNoteSummary[] = [];
    for (const { response } of await savedCopies(viewer)) {
      const post = await readPost(response);
      if (!post) continue;
      notes.push({
        id: post.id,
        title: post.title,
        cover: post.cover,
        authorName: post.author.username,
        savedAt: Number(response.headers.get(STORED_AT_HEADER)),
      });
    }
    notes.sort((a, b) => b.savedAt - a.savedAt);
    return json({ notes });
  }

  async function remove(postId: string, viewer: string): Promise<Response> {
    const cache = await options.saved();
    const key = apiCacheKey(postUrl(postId), viewer);
    const copy = await cache.match(key);
    if (!copy) return json({ saved: false });
    const post = await readPost(copy);
    await cache.delete(key);
    const stillSaved = new Set<string>();
    for (const { response } of await savedCopies(viewer)) {
      const other = await readPost(response);
      if (other) for (const url of imageUrls(other)) stillSaved.add(url.split('?')[0]);
    }
    for (const request of await cache.keys()) {
      const file = request.url.split('?')[0];
      if (
        post &&
        imageUrls(post).some((url) => url.split('?')[0] === file) &&
        !stillSaved.has(file)
      ) {
        await cache.delete(request.url);
      }
    }
    return json({ saved: false });
  }

  /** Answers one request to the local API. */
  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const viewer = await viewerOf(request.headers.get('authorization'));
    const item = ITEM_PATH.exec(url.pathname);
    if (item && request.method === 'GET') {
      const cache = await options.saved();
      const copy = await cache.match(apiCacheKey(postUrl(item[1]), viewer));
      return json({ saved: Boolean(copy && isUsableCopy(copy, options.schema, FOREVER)) });
    }
    if (item && request.method === 'DELETE') return remove(item[1], viewer);
    if (!item && request.method === 'GET') return list(viewer);
    if (!item && request.method === 'POST') return save(request, viewer);
    return json({ error: workerTexts.savedNoteMissing }, 405);
  }

  return { handle };
}
