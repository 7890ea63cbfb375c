import { PenLine, UserPlus } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import type { PostSort } from '../../../contract/post';
import { Button, buttonClass } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { PageMeta } from '../../components/page-meta';
import { emitAppEvent } from '../../lib/auth-events';
import { returnPathOf } from '../../lib/return-path';
import { FeedTabs } from '../../features/posts/components/feed-tabs';
import { NoteWaterfall } from '../../features/posts/components/note-waterfall';
import { DEFAULT_SORT, sortOf } from '../../features/posts/feed-sort';
import { useCategories } from '../../features/posts/hooks/use-categories';
import { useFeed } from '../../features/posts/hooks/use-feed';
import type { FeedTab } from '../../features/posts/hooks/use-feed';
import { useSitemapDownload } from '../../features/posts/hooks/use-sitemap-download';
import { postTexts } from '../../features/posts/texts';
import { useModalStore } from '../../stores/modal-store';
import { selectStatus, useSessionStore } from '../../stores/session-store';

/** `/`: the waterfall of notes, by category or from followed people, ranked, newest or popular. */
export default function HomePage() {
  useSitemapDownload();
  const [params, setParams] = useSearchParams();
  const status = useSessionStore(selectStatus);
  const { categories } = useCategories();
  const tab: FeedTab = params.get('category') ?? 'all';
  const sort = sortOf(params.get('sort'));
  const signedOutOnFollowing = tab === 'following' && status !== 'signed-in';
  const feed = useFeed(tab, sort, !signedOutOnFollowing);
  // A visitor sent here from a note (SPEC.md section 2) asked for that note: while the login
  // modal is open for it, the page is about signing in to read it, at the note's own address.
  const signInToRead = useModalStore((state) => returnPathOf(state.login?.from));

  function show(next: { tab?: FeedTab; sort?: PostSort }) {
    const nextTab = next.tab ?? tab;
    const nextSort = next.sort ?? sort;
    const query = new URLSearchParams();
    if (nextTab !== 'all') query.set('category', nextTab);
    if (nextSort !== DEFAULT_SORT) query.set('sort', nextSort);
    setParams(query, { replace: true });
  }

  const activeCategory = categories.find((category) => category.slug === tab);
  return (
    <>
      {signInToRead ? (
        <PageMeta
          title={postTexts.signInToReadTitle}
          description={postTexts.signInToReadDescription}
          path={signInToRead}
        />
      ) : (
        <PageMeta
          title={activeCategory?.name}
          description={postTexts.homeDescription}
          path={activeCategory ? `/?category=${activeCategory.slug}` : '/'}
        />
      )}
      <h1 className="visually-hidden">{postTexts.homeHeading}</h1>
      <FeedTabs
        tab={tab}
        sort={sort}
        categories={categories}
        onTabChange={(value) => show({ tab: value })}
        onSortChange={(value) => show({ sort: value })}
      />
      {signedOutOnFollowing ? (
        <EmptyState
          icon={<UserPlus size={28} />}
          title={postTexts.followingSignedOut}
          action={
            <Button onClick={() => emitAppEvent('open-login-modal', { from: '/' })}>
              {postTexts.signIn}
            </Button>
          }
        />
      ) : (
        <NoteWaterfall
          key={`${tab}-${sort}`}
          list={feed}
          label={
            activeCategory?.name ??
            (tab === 'following' ? postTexts.tabFollowing : postTexts.tabRecommended)
          }
          empty={
            tab === 'following' ? (
              <EmptyState icon={<UserPlus size={28} />} title={postTexts.followingEmpty} />
            ) : (
              <EmptyState
                icon={<PenLine size={28} />}
                title={postTexts.feedEmpty}
                action={
                  <Link to="/create" className={buttonClass()}>
                    {postTexts.publishFirst}
                  </Link>
                }
              />
            )
          }
        />
      )}
    </>
  );
}
