import { afterEach, describe, expect, it } from 'vitest';
import { NOTE_PREFETCH_GLOBAL } from '../../../contract/page-hints';
import type { Post } from '../../../contract/post';
import { peekPrefetchedPost, pendingPrefetch, takePrefetchedPost } from './note-prefetch';

const note = { id: '7', title: '早到的笔记' } as unknown as Post;

function prefetched(id: string, token: string, arrived = false) {
  const request = Promise.resolve(note);
  const answer = arrived ? { note } : {};
  Object.assign(window, { [NOTE_PREFETCH_GLOBAL]: { id, token, request, ...answer } });
  return request;
}

afterEach(() => {
  localStorage.clear();
  delete (window as unknown as Record<string, unknown>)[NOTE_PREFETCH_GLOBAL];
});

describe('takePrefetchedPost', () => {
  it('hands over the note the HTML asked for, once', async () => {
    localStorage.setItem('token', 'abc');
    const request = prefetched('7', 'abc');
    expect(takePrefetchedPost('7')).toBe(request);
    await expect(request).resolves.toEqual(note);
    expect(takePrefetchedPost('7')).toBeNull();
  });

  it('ignores a prefetch of another note, and drops it', () => {
    localStorage.setItem('token', 'abc');
    prefetched('8', 'abc');
    expect(takePrefetchedPost('7')).toBeNull();
    expect(takePrefetchedPost('8')).toBeNull();
  });

  it('ignores a prefetch made with a session that has since changed', () => {
    localStorage.setItem('token', 'new');
    prefetched('7', 'old');
    expect(takePrefetchedPost('7')).toBeNull();
  });

  it('gives nothing when the HTML asked for nothing', () => {
    expect(takePrefetchedPost('7')).toBeNull();
    expect(peekPrefetchedPost('7')).toBeUndefined();
  });

  it('shows an answer that has already arrived without taking it', () => {
    localStorage.setItem('token', 'abc');
    prefetched('7', 'abc', true);
    expect(peekPrefetchedPost('8')).toBeUndefined();
    expect(peekPrefetchedPost('7')).toBe(note);
    expect(takePrefetchedPost('7')).not.toBeNull();
    expect(peekPrefetchedPost('7')).toBeUndefined();
  });

  it('shows nothing while the answer is still on its way, and names the request to wait for', () => {
    localStorage.setItem('token', 'abc');
    const request = prefetched('7', 'abc');
    expect(peekPrefetchedPost('7')).toBeUndefined();
    expect(pendingPrefetch('7')).toBe(request);
    expect(pendingPrefetch('8')).toBeNull();
  });

  it('has nothing to wait for once the answer, even a refusal, has arrived', () => {
    localStorage.setItem('token', 'abc');
    Object.assign(window, {
      [NOTE_PREFETCH_GLOBAL]: { id: '7', token: 'abc', request: Promise.resolve(null), note: null },
    });
    expect(pendingPrefetch('7')).toBeNull();
    expect(peekPrefetchedPost('7')).toBeUndefined();
  });
});
