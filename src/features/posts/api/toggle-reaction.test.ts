import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorText } from '../../../../contract/messages';
import { api } from '../../../lib/api/client';
import { likePost } from './toggle-reaction';

afterEach(() => vi.restoreAllMocks());

describe('likePost', () => {
  it.each([undefined, null, '', 'undefined', 'null'])(
    'refuses the post id %j without a call',
    async (id) => {
      const post = vi.spyOn(api, 'post');
      await expect(likePost(id)).rejects.toMatchObject({ message: errorText.likeInvalidId });
      expect(post).not.toHaveBeenCalled();
    },
  );

  it('needs an object for an answer', async () => {
    vi.spyOn(api, 'post').mockResolvedValueOnce('ok').mockResolvedValueOnce({
      liked: true,
      likesCount: 3,
    });
    await expect(likePost('7')).rejects.toMatchObject({ message: errorText.likeFailed });
    await expect(likePost('7')).resolves.toEqual({ liked: true, likesCount: 3 });
  });
});
