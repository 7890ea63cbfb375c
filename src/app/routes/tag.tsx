import { Hash } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import type { TagSort } from '../../../contract/community';
import { buttonClass } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { PageMeta } from '../../components/page-meta';
import { NoteWaterfall } from '../../features/posts/components/note-waterfall';
import { usePagedPosts } from '../../features/posts/hooks/use-paged-posts';
import { getTagPosts } from '../../features/tags/api/tag-posts';
import { TagHeader } from '../../features/tags/components/tag-header';
import { tagTexts } from '../../features/tags/texts';
import { useSessionStore } from '../../stores/session-store';

const sortOf = (value: string | null): TagSort => (value === 'popular' ? 'popular' : 'newest');

/** `/tag/{name}`: a tag's notes, newest or most liked first, and following the tag. */
export default function TagPage() {
  const name = (useParams().name ?? '').trim();
  const [params, setParams] = useSearchParams();
  const sort = sortOf(params.get('sort'));
  const userId = useSessionStore((state) => state.user?.id ?? null);
  const notes = usePagedPosts(['tag', name, sort, userId], (page) => getTagPosts(name, sort, page));
  // The tag's counts and follow state, kept apart from the pages so a sort change keeps them.
  const summary = useSWR(['tag-summary', name, userId], () => getTagPosts(name, 'newest', 1, 1));
  const [followState, setFollowState] = useState<{
    name: string;
    isFollowing: boolean;
    followersCount: number;
  } | null>(null);
  const tag = summary.data?.tag ?? null;
  const shown = tag && followState?.name === name ? { ...tag, ...followState } : tag;

  return (
    <>
      <PageMeta
        title={tagTexts.pageTitle(name)}
        description={tagTexts.description(name)}
        path={`/tag/${encodeURIComponent(name)}`}
      />
      <TagHeader
        name={name}
        summary={shown}
        total={summary.data?.total}
        sort={sort}
        onSortChange={(next) =>
          setParams(next === 'newest' ? {} : { sort: next }, { replace: true })
        }
        onFollowChange={(state) => setFollowState({ name, ...state })}
      />
      <NoteWaterfall
        key={sort}
        list={notes}
        label={tagTexts.listLabel(name)}
        empty={
          <EmptyState
            icon={<Hash size={28} />}
            title={tagTexts.empty}
            action={
              <Link to="/create" className={buttonClass()}>
                {tagTexts.write}
              </Link>
            }
          />
        }
      />
    </>
  );
}
