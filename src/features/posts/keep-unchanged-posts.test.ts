import { describe, expect, it } from 'vitest';
import type { PostCard } from '../../../contract/post';
import { keepUnchangedPosts } from './keep-unchanged-posts';

function card(id: string, likesCount = 0): PostCard {
  return {
    id,
    _id: id,
    title: `标题 ${id}`,
    likesCount,
    author: { id: 'u1', username: '作者' },
  } as unknown as PostCard;
}

describe('keepUnchangedPosts', () => {
  it('returns the list already shown when a refresh brings equal notes', () => {
    const shown = [card('1'), card('2')];
    const refreshed = [card('1'), card('2')];
    expect(keepUnchangedPosts(shown, refreshed)).toBe(shown);
  });

  it('keeps the objects of unchanged notes and takes the changed ones', () => {
    const shown = [card('1'), card('2')];
    const next = keepUnchangedPosts(shown, [card('1'), card('2', 5)]);
    expect(next).not.toBe(shown);
    expect(next[0]).toBe(shown[0]);
    expect(next[1]).not.toBe(shown[1]);
    expect(next[1].likesCount).toBe(5);
  });

  it('follows the new order and length', () => {
    const shown = [card('1'), card('2')];
    const next = keepUnchangedPosts(shown, [card('3'), card('2'), card('1')]);
    expect(next.map((post) => post.id)).toEqual(['3', '2', '1']);
    expect(next[1]).toBe(shown[1]);
    expect(next[2]).toBe(shown[0]);
  });

  it('takes the next list as it is when nothing was shown', () => {
    const next = [card('1')];
    expect(keepUnchangedPosts([], next)).toBe(next);
  });
});
