import { communityText } from '../../../contract/community.ts';
import type { TagFollowResult, TagPosts, TagPostsQuery } from '../../../contract/community.ts';
import { tagKey } from '../../../contract/tag-rules.ts';
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
  /** The reader's 关注 feed changed (following-feed.ts counts its total again). */
  followsChanged: (viewerId: number) => void;
}) {
  const { tags, pages, presenter, followsChanged } = deps;

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
      if (want) await tags.follow(viewer.id, key);
      else await tags.unfollow(viewer.id, key);
      followsChanged(viewer.id);
      return followState(key, viewer);
    },
  };
}
