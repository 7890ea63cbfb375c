import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImageLoader } from './image-loader';
import type { ImageStore } from './image-loader';
import { ImageRateLimiter } from './image-rate-limiter';
import { networkProfile } from './network-profile';
import type { NetworkProfile } from './network-profile';

const origin = 'https://notes.example';
const normal = networkProfile({ effectiveType: '4g', deviceMemory: 8, hardwareConcurrency: 8 });
const dataSaver = networkProfile({ saveData: true });
const DAY = 86_400_000;
const ACCEPT = { accept: 'image/avif,image/webp,image/apng,*/*', 'save-data': 'on' };

class MapStore implements ImageStore {
  readonly entries = new Map<string, Response>();
  async match(key: string) {
    return this.entries.get(key)?.clone();
  }
  async matchAnyVariant(url: string) {
    for (const [key, response] of this.entries) {
      if (key.split('?')[0] === url) return response.clone();
    }
    return undefined;
  }
  async put(key: string, response: Response) {
    this.entries.set(key, response);
  }
}

function setup(initial: NetworkProfile = normal, store = new MapStore()) {
  let profile = initial;
  const fetch = vi.fn(async (request: Request) =>
    request.method === 'HEAD'
      ? new Response(null, { status: 200 })
      : new Response(`bytes of ${request.url}`, { headers: { 'content-type': 'image/jpeg' } }),
  );
  const loader = new ImageLoader({
    profile: () => profile,
    store,
    fetch,
    limiter: new ImageRateLimiter(() => profile),
  });
  const setProfile = (next: NetworkProfile) => {
    profile = next;
  };
  return { loader, store, fetch, setProfile };
}

/** Loads while the fake clock runs, so the limiter's 100 ms gaps pass. */
async function load(loader: ImageLoader, path: string): Promise<Response> {
  const pending = loader.load(new Request(new URL(path, origin), { headers: ACCEPT }));
  await vi.advanceTimersByTimeAsync(30_000);
  return pending;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('ImageLoader', () => {
  it('asks the network for the profile’s variant once, then serves it from the cache', async () => {
    const { loader, store, fetch } = setup();
    const first = await load(loader, '/api/uploads/a.jpg?w=320');
    expect(await first.text()).toBe(`bytes of ${origin}/api/uploads/a.jpg?q=0.85&w=320`);
    expect(store.entries.has(`${origin}/api/uploads/a.jpg?q=0.85&w=320`)).toBe(true);
    // The page's Accept and Save-Data go along: the server answers WebP and honours Save-Data.
    expect(fetch.mock.calls[0][0].headers.get('accept')).toBe(ACCEPT.accept);
    expect(fetch.mock.calls[0][0].headers.get('save-data')).toBe('on');

    const second = await load(loader, '/api/uploads/a.jpg?w=320&_t=5');
    expect(second.ok).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('asks a smaller variant once data saver is on', async () => {
    const { loader, fetch, setProfile } = setup();
    await load(loader, '/api/uploads/a.jpg?w=320');
    setProfile(dataSaver);
    await load(loader, '/api/uploads/a.jpg?w=320');
    expect(fetch.mock.calls.map(([request]) => new URL(request.url).search)).toEqual([
      '?q=0.85&w=320',
      '?q=0.6&w=320',
    ]);
  });

  it('refreshes a copy older than 7 days, but keeps it 14 days on a slow connection', async () => {
    const first = setup();
    await load(first.loader, '/api/uploads/a.jpg?w=320');
    vi.setSystemTime(Date.now() + 8 * DAY);
    // A new loader: the worker was restarted, so only the disk copy is left.
    const slow = setup({ ...normal, imageCacheMaxAgeMs: 14 * DAY }, first.store);
    await load(slow.loader, '/api/uploads/a.jpg?w=320');
    expect(slow.fetch).not.toHaveBeenCalled();
    const later = setup(normal, first.store);
    await load(later.loader, '/api/uploads/a.jpg?w=320');
    expect(later.fetch).toHaveBeenCalledTimes(1);
  });

  it('fetches an image the reader asked for at once when the minute budget is spent', async () => {
    const { loader } = setup();
    const request = (name: string) =>
      new Request(new URL(`/api/uploads/${name}.jpg`, origin), { headers: ACCEPT });
    const ahead = Array.from({ length: 31 }, (_, index) => loader.load(request(`ahead-${index}`)));
    await vi.advanceTimersByTimeAsync(5_000);
    await Promise.all(ahead.slice(0, 30));
    let aheadDone = false;
    void ahead[30].then(() => (aheadDone = true));
    let wanted: Response | null = null;
    void loader.load(request('saved'), { wanted: true }).then((response) => (wanted = response));
    await vi.advanceTimersByTimeAsync(500);
    expect(wanted).not.toBeNull();
    expect(wanted!.ok).toBe(true);
    expect(aheadDone).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(aheadDone).toBe(true);
  });

  it('serves any stored variant when the network is gone', async () => {
    const { loader, fetch, setProfile } = setup();
    await load(loader, '/api/uploads/a.jpg?w=320');
    setProfile(dataSaver);
    fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    const offline = await load(loader, '/api/uploads/a.jpg?w=320');
    expect(await offline.text()).toContain('q=0.85');
  });

  it('answers 504 offline for an image never seen, so the page shows its fallback', async () => {
    const { loader, fetch } = setup();
    fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    const response = await load(loader, '/api/uploads/never.jpg');
    expect(response.status).toBe(504);
  });

  it('checks a recently failed image with HEAD before fetching it again', async () => {
    const { loader, fetch } = setup();
    fetch.mockResolvedValueOnce(new Response(null, { status: 404 }));
    expect((await load(loader, '/api/uploads/gone.jpg')).status).toBe(404);

    fetch.mockResolvedValueOnce(new Response(null, { status: 404 }));
    expect((await load(loader, '/api/uploads/gone.jpg')).status).toBe(504);
    expect(fetch.mock.calls.map(([request]) => request.method)).toEqual(['GET', 'HEAD']);
  });

  it('gives a recently failed image up at once with data saver (no HEAD)', async () => {
    const { loader, fetch } = setup(dataSaver);
    fetch.mockResolvedValueOnce(new Response(null, { status: 500 }));
    await load(loader, '/api/uploads/broken.jpg');
    expect((await load(loader, '/api/uploads/broken.jpg')).status).toBe(504);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('tries a failed image again after 30 minutes', async () => {
    const { loader, fetch } = setup(dataSaver);
    fetch.mockResolvedValueOnce(new Response(null, { status: 500 }));
    await load(loader, '/api/uploads/broken.jpg');
    vi.setSystemTime(Date.now() + 31 * 60_000);
    expect((await load(loader, '/api/uploads/broken.jpg')).ok).toBe(true);
  });

  it('gives the HEAD check 5 s', async () => {
    const { loader, fetch } = setup();
    fetch.mockResolvedValueOnce(new Response(null, { status: 503 }));
    await load(loader, '/api/uploads/slow.jpg');
    fetch.mockImplementationOnce(
      (request: Request) =>
        new Promise((_resolve, reject) =>
          request.signal.addEventListener('abort', () =>
            reject(new DOMException('', 'AbortError')),
          ),
        ),
    );
    const pending = loader.load(new Request(`${origin}/api/uploads/slow.jpg`));
    await vi.advanceTimersByTimeAsync(4_900);
    let settled = false;
    void pending.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect((await pending).status).toBe(504);
  });
});
