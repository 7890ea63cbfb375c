import { communityText } from '../../../contract/community.ts';
import type { TagFollowResult, TagPosts, TagPostsQuery } from '../../../contract/community.ts';
import { tagKey } from '../../../contract/tag-rules.ts';
import type { DomainEventBus } from '../../plugins/domain-events.ts';
import { badRequest } from '../../lib/errors.ts';
import { pageCount, pageWindow } from '../../lib/pagination.ts';
import type { Viewer } from '../users/viewer.ts';
import type { PostPresenter } from '../posts/present-post.ts';
import type { TagRepository } from './tag-repository.ts';

/**
 * The key of a tag from the address; a name of spaces or a lone # names no tag, and a control
 * character (which PostgreSQL refuses in text) none either.
 */
function keyOf(name: string): string {
  const key = tagKey(name);
  if (!key || /\p{Cc}/u.test(key)) throw badRequest(communityText.tagInvalid);
  return key;
}

/** Tag pages (published notes carrying a tag) and following tags. */
export function createTagService(deps: {
  tags: TagRepository;
  /**
   * Where a tag page is read: off the thread that answers requests where it can be (a common
   * tag's count walks its index).
   */
  pages: Pick<TagRepository, 'listByTag' | 'countByTag' | 'followersCount' | 'isFollowing'>;
  presenter: PostPresenter;
  events: DomainEventBus;
}) {
  const { tags, pages, presenter, events } = deps;

  async function followState(key: string, viewer: Viewer): Promise<TagFollowResult> {
    const [isFollowing, followersCount] = await Promise.all([
      tags.isFollowing(viewer.id, key),
      tags.followersCount(key),
    ]);
    return { isFollowing, followersCount };
  }

  return {
    async posts(name: string, query: TagPostsQuery, viewer: Viewer | null): Promise<TagPosts> {
      const key = keyOf(name);
      const window = pageWindow(query);
      const [rows, total, followersCount, isFollowing] = await Promise.all([
        pages.listByTag(key, query.sort ?? 'newest', window),
        pages.countByTag(key),
        pages.followersCount(key),
        viewer ? pages.isFollowing(viewer.id, key) : false,
      ]);
      return {
        tag: { name: name.trim().replace(/^#/, ''), followersCount, isFollowing },
        posts: await presenter.cards(rows, viewer),
        total,
        page: window.page,
        pages: pageCount(total, window.limit),
      };
    },

    /** Idempotent: following a followed tag (or unfollowing one not followed) changes nothing. */
    async setFollowing(name: string, viewer: Viewer, want: boolean): Promise<TagFollowResult> {
      const key = keyOf(name);
      const changed = want
        ? await tags.follow(viewer.id, key)
        : await tags.unfollow(viewer.id, key);
      if (changed) {
        await events.emit(want ? 'tag.followed' : 'tag.unfollowed', {
          userId: viewer.id,
          tag: key,
        });
      }
      return followState(key, viewer);
    },
  };
}
