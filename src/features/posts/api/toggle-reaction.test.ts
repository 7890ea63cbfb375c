import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorText } from '../../../../contract/page-messages';
import { api } from '../../../lib/api/client';
import { favoritePost, likePost } from './toggle-reaction';

afterEach(() => vi.restoreAllMocks());

describe('likePost', () => {
  it.each([undefined, null, '', 'undefined', 'null'])(
    'refuses the post id %j without a call',
    async (id) => {
      const put = vi.spyOn(api, 'put');
      await expect(likePost(id, true)).rejects.toMatchObject({ message: errorText.likeInvalidId });
      expect(put).not.toHaveBeenCalled();
    },
  );

  it('needs an object for an answer', async () => {
    vi.spyOn(api, 'put').mockResolvedValueOnce('ok').mockResolvedValueOnce({
      liked: true,
      likesCount: 3,
    });
    await expect(likePost('7', true)).rejects.toMatchObject({ message: errorText.likeFailed });
    await expect(likePost('7', true)).resolves.toEqual({ liked: true, likesCount: 3 });
  });

  it('sends the wanted state: PUT to like, DELETE to unlike', async () => {
    const put = vi.spyOn(api, 'put').mockResolvedValue({ liked: true, likesCount: 1 });
    const remove = vi.spyOn(api, 'delete').mockResolvedValue({ liked: false, likesCount: 0 });
    await likePost('7', true);
    await likePost('7', false);
    expect(put).toHaveBeenCalledWith('/api/posts/7/like', undefined, expect.any(Object));
    expect(remove).toHaveBeenCalledWith('/api/posts/7/like', expect.any(Object));
  });
});

describe('favoritePost', () => {
  it('sends the wanted state: PUT to add, DELETE to remove', async () => {
    const put = vi.spyOn(api, 'put').mockResolvedValue({ favorited: true, favoritesCount: 1 });
    const remove = vi
      .spyOn(api, 'delete')
      .mockResolvedValue({ favorited: false, favoritesCount: 0 });
    await favoritePost('7', true);
    await favoritePost('7', false);
    expect(put).toHaveBeenCalledWith('/api/posts/7/favorite', undefined, expect.any(Object));
    expect(remove).toHaveBeenCalledWith('/api/posts/7/favorite', expect.any(Object));
  });
});
