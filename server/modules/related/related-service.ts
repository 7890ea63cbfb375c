import { RELATED_DEFAULT, RELATED_MAX } from '../../../contract/community-rules.ts';
import type { RelatedPosts } from '../../../contract/community.ts';
import { errorText } from '../../../contract/messages.ts';
import { notFound } from '../../lib/errors.ts';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import type { Viewer } from '../users/viewer.ts';
import type { PostRepository, PostRow } from '../posts/post-repository.ts';
import type { PostPresenter, PublicCard } from '../posts/present-post.ts';
import { parseJsonArray } from '../posts/present-post.ts';
import { isVisible } from '../posts/post-service.ts';
import type { SearchIndex } from '../search/search-index.ts';
import { parseSearchOffThread } from '../search/segmenter.ts';

/** How many of the newest matching notes are ranked (the index stops after these). */
const CANDIDATES = 100;
/** "Related" is not "more by this author": at most this many of the author's own notes. */
const SAME_AUTHOR_MAX = 2;
const RELATED_TTL_MS = 60_000;

/**
 * What a note is about, as words any visitor may read: its tags, title and card excerpt (a
 * paid note's excerpt is its free preview), in that order, so the tags and title are among
 * the words kept when there are many.
 */
export async function aboutWords(row: Pick<PostRow, 'tags' | 'title' | 'excerpt'>) {
  const text = [...parseJsonArray<string>(row.tags), row.title, row.excerpt].join(' ');
  return (await parseSearchOffThread(text)).optional;
}

/**
 * Notes related to a note: those sharing the most of its words and tags, found by the search
 * index (never by reading the notes), published ones only.
 */
export function createRelatedService(deps: {
  posts: PostRepository;
  searchIndex: SearchIndex;
  presenter: PostPresenter;
}) {
  const pages = createTtlCache<PublicCard[]>({
    ttlMs: RELATED_TTL_MS,
    maxEntries: 1000,
    name: 'related',
  });

  async function ranked(row: PostRow, limit: number): Promise<PublicCard[]> {
    const terms = await aboutWords(row);
    if (terms.length === 0) return [];
    const hits = await deps.searchIndex.newest({ required: [], anyOf: terms }, CANDIDATES);
    const ids = hits
      .filter((hit) => hit.id !== row.id)
      .sort((a, b) => b.score - a.score || b.id - a.id)
      .map((hit) => hit.id);
    const { rows, authors } = await deps.posts.cardsByIds(ids);
    let sameAuthor = 0;
    const chosen = rows.filter((card) => {
      if (card.status !== 'approved') return false;
      if (card.author_id !== row.author_id) return true;
      sameAuthor += 1;
      return sameAuthor <= SAME_AUTHOR_MAX;
    });
    return deps.presenter.publicCards(chosen.slice(0, limit), authors);
  }

  return {
    async of(
      postId: number,
      query: { limit?: number },
      viewer: Viewer | null,
    ): Promise<RelatedPosts> {
      const row = await deps.posts.findById(postId);
      if (!row || !isVisible(row, viewer)) throw notFound(errorText.postNotFound);
      const limit = Math.min(RELATED_MAX, query.limit ?? RELATED_DEFAULT);
      const cards = await pages.get(`${row.id}|${row.updated_at}|${limit}`, () =>
        ranked(row, limit),
      );
      return { posts: await deps.presenter.personalize(cards, viewer) };
    },
  };
}
