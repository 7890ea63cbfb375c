import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import {
  asChunkLoadError,
  ChunkLoadError,
  CHUNK_LOAD_TIMEOUT_MS,
  CSS_CHUNK_LOAD_FAILED,
  loadChunk,
} from './chunk-load';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('loadChunk', () => {
  it('fails with ChunkLoadError when a bundle has not arrived after 120 s', async () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    const settled = vi.fn();
    const loading = loadChunk(() => new Promise<never>(() => undefined));
    loading.then(settled, settled);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(loading).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(loading).rejects.toMatchObject({ name: 'ChunkLoadError', code: undefined });
  });

  it('passes a loaded module through and leaves no timer behind', async () => {
    const module = { default: 'page' };
    await expect(loadChunk(() => Promise.resolve(module))).resolves.toBe(module);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('turns a failed script or style download into ChunkLoadError', async () => {
    const script = new TypeError('Failed to fetch dynamically imported module: /assets/post.js');
    await expect(loadChunk(() => Promise.reject(script))).rejects.toMatchObject({
      name: 'ChunkLoadError',
      code: undefined,
      cause: script,
    });
    const css = new Error('Unable to preload CSS for /assets/post.css');
    await expect(loadChunk(() => Promise.reject(css))).rejects.toMatchObject({
      name: 'ChunkLoadError',
      code: CSS_CHUNK_LOAD_FAILED,
    });
  });

  it('leaves other failures (a bug in the page module) as they are', async () => {
    const bug = new ReferenceError('x is not defined');
    await expect(loadChunk(() => Promise.reject(bug))).rejects.toBe(bug);
    expect(asChunkLoadError('odd')).toBeNull();
  });
});
