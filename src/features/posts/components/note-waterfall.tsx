import { AlertCircle } from 'lucide-react';
import { useMemo } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import type { PostCard } from '../../../../contract/post';
import { Button } from '../../../components/button';
import { useColumnCount } from '../hooks/use-column-count';
import { useInfiniteTrigger } from '../hooks/use-infinite-trigger';
import type { PagedPosts } from '../hooks/use-paged-posts';
import { distributeColumns } from '../masonry';
import { postTexts } from '../texts';
import { cardRelativeHeight, NoteCard } from './note-card';
import { NoteCardSkeleton } from './note-card-skeleton';
import styles from './note-waterfall.module.css';

/** Cards above the fold on a large screen, loaded at once rather than lazily. */
const EAGER_CARDS = 5;
/** Cards a first screen can show (two rows of five columns), always drawn. */
const FIRST_SCREEN_CARDS = 10;
const SKELETON_HEIGHTS = [1.33, 1, 1.5, 1.2, 0.9, 1.4, 1.1, 1.3, 1, 1.25];

export interface NoteWaterfallProps {
  list: PagedPosts;
  /** What an empty list shows (icon, sentence, next action). */
  empty: ReactNode;
  showStatus?: boolean;
  renderExtra?: (post: PostCard) => ReactNode;
  /** Names the list for screen readers. */
  label: string;
}

const columnsStyle = (count: number) => ({ '--columns': count }) as CSSProperties;

/** A masonry of note cards with skeletons, empty and error states and infinite scroll. */
export function NoteWaterfall({ list, empty, showStatus, renderExtra, label }: NoteWaterfallProps) {
  const columnCount = useColumnCount();
  const sentinel = useInfiniteTrigger(list.loadMore, list.canLoadMore, list.posts.length);
  const columns = useMemo(
    () => distributeColumns(list.posts, columnCount, cardRelativeHeight),
    [list.posts, columnCount],
  );

  if (!list.isLoading) {
    if (list.error && list.posts.length === 0) return <LoadError onRetry={list.retry} />;
    if (list.posts.length === 0) return <>{empty}</>;
  }

  const order = new Map(list.posts.map((post, index) => [post.id, index]));
  // While the first page is on its way its columns are skeletons, in the section the cards then
  // fill: one named region either way (a name on a plain <div> may go unread, axe's
  // aria-prohibited-attr).
  const cells = list.isLoading
    ? distributeColumns(SKELETON_HEIGHTS, columnCount, (height) => height).map((column) =>
        column.map((ratio, row) => <NoteCardSkeleton key={row} ratio={ratio} />),
      )
    : columns.map((column) =>
        column.map((post) => (
          <NoteCard
            key={post.id}
            post={post}
            showStatus={showStatus}
            eager={(order.get(post.id) ?? EAGER_CARDS) < EAGER_CARDS}
            deferred={(order.get(post.id) ?? 0) >= FIRST_SCREEN_CARDS}
            extra={renderExtra?.(post)}
          />
        )),
      );
  return (
    <section aria-label={label} aria-busy={list.isLoading || undefined}>
      <div className={styles.grid} style={columnsStyle(columnCount)}>
        {cells.map((column, index) => (
          <div key={index} className={styles.column}>
            {column}
          </div>
        ))}
      </div>
      {/*
        A new element per page: the next page's cards take its place instead of pushing it
        down (a layout shift). While a page is on its way the site's footer is hidden
        (data-feed-loading, footer.module.css), so the cards do not push it down either.
      */}
      {!list.isLoading && (
        <div
          key={list.posts.length}
          ref={sentinel}
          className={styles.footer}
          aria-live="polite"
          data-feed-loading={list.isLoadingMore ? '' : undefined}
        >
          {list.error ? (
            <LoadError onRetry={list.loadMore} compact />
          ) : list.isLoadingMore ? (
            postTexts.loadingMore
          ) : list.hasMore ? null : (
            postTexts.noMore
          )}
        </div>
      )}
    </section>
  );
}

function LoadError({ onRetry, compact }: { onRetry: () => void; compact?: boolean }) {
  return (
    <div className={compact ? styles.errorCompact : styles.error} role="alert">
      {!compact && <AlertCircle size={32} aria-hidden className={styles.errorIcon} />}
      <p>{postTexts.loadFailed}</p>
      <Button variant="secondary" size="small" onClick={onRetry}>
        {postTexts.retry}
      </Button>
    </div>
  );
}
