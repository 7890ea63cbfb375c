import { errorText } from '../../../contract/messages.ts';
import type { PinResult } from '../../../contract/post.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { toApiId } from '../../lib/ids.ts';
import type { DomainEventBus } from '../../plugins/domain-events.ts';
import type { Viewer } from '../users/viewer.ts';
import type { PostRepository } from '../posts/post-repository.ts';
import type { UserRepository } from '../users/user-repository.ts';

/** One pinned note per user (users.pinned_post_id); it leads their profile once published. */
export function createPinService(deps: {
  posts: PostRepository;
  users: UserRepository;
  events: DomainEventBus;
}) {
  return {
    async setPinned(viewer: Viewer, postId: number, pin: boolean): Promise<PinResult> {
      const post = await deps.posts.findById(postId);
      if (!post || (post.author_id !== viewer.id && post.status !== 'approved')) {
        throw notFound(errorText.postNotFound);
      }
      if (post.author_id !== viewer.id) throw forbidden(errorText.pinNotOwnPost);
      const current = viewer.row.pinned_post_id;
      // Unpinning a note that is not the pinned one leaves the pin where it is.
      const next = pin ? post.id : current === post.id ? null : current;
      await deps.users.update(viewer.id, { pinned_post_id: next });
      if (next !== current) await deps.events.emit('user.updated', { userId: viewer.id });
      return { success: true, pinnedPostId: next === null ? null : toApiId(next) };
    },
  };
}
