import { Heart } from 'lucide-react';
import { memo } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CARD_IMAGE_SIZES } from '../../../../contract/image-variants';
import type { PostCard } from '../../../../contract/post';
import { Avatar } from '../../../components/avatar';
import { HighlightedText } from '../../../components/highlighted-text';
import { SmartImage } from '../../../components/smart-image';
import { formatCount } from '../../../lib/format';
import { postTexts } from '../texts';
import { StatusBadge } from './status-badge';
import styles from './note-card.module.css';

export interface NoteCardProps {
  post: PostCard;
  /** Shows 待审核 / 已拒绝 (the author's own lists). */
  showStatus?: boolean;
  /** The first cards of a page load at once; the rest when scrolled near. */
  eager?: boolean;
  /** Below the first screen: drawn only when scrolled near. */
  deferred?: boolean;
  /** Extra controls under the card (pin, unpin …). */
  extra?: ReactNode;
}

/**
 * Memoised on its props: the list keeps a note's object while the note is unchanged (see
 * keepUnchangedPosts), so a feed refresh re-renders only the cards whose note changed.
 */
export const NoteCard = memo(function NoteCard({
  post,
  showStatus,
  eager,
  deferred,
  extra,
}: NoteCardProps) {
  return (
    <article className={deferred ? `${styles.card} ${styles.deferred}` : styles.card}>
      <Link to={`/post/${post.id}`} className={styles.main}>
        <span className={styles.badges}>
          {post.isPinned && <span className={styles.pinned}>{postTexts.pinned}</span>}
          {showStatus && <StatusBadge status={post.status} />}
        </span>
        {post.cover ? (
          <SmartImage
            src={post.cover.url}
            alt=""
            width={post.cover.width}
            height={post.cover.height}
            sizes={CARD_IMAGE_SIZES}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : undefined}
            className={styles.cover}
          />
        ) : (
          <span className={styles.textCover}>
            <span className={styles.textCoverBody}>
              {post.excerpt ? (
                <HighlightedText text={post.excerpt} ranges={post.highlights?.excerpt} />
              ) : (
                post.title
              )}
            </span>
          </span>
        )}
        <h2 className={styles.title}>
          <HighlightedText text={post.title} ranges={post.highlights?.title} />
        </h2>
        {post.cover && post.highlights && post.highlights.excerpt.length > 0 && (
          <p className={styles.excerpt}>
            <HighlightedText text={post.excerpt} ranges={post.highlights.excerpt} />
          </p>
        )}
      </Link>
      {showStatus && post.status === 'rejected' && post.rejectReason && (
        <p className={styles.reason}>{post.rejectReason}</p>
      )}
      <footer className={styles.footer}>
        <Link to={`/profile/${post.author.id}`} className={styles.author}>
          <Avatar src={post.author.avatar} alt="" size={20} />
          <span className={styles.authorName}>{post.author.username}</span>
        </Link>
        {/* The word is text, not an aria-label: a name on a plain <span> may go unread. */}
        <span className={post.isLiked ? `${styles.likes} ${styles.liked}` : styles.likes}>
          <Heart size={14} aria-hidden fill={post.isLiked ? 'currentColor' : 'none'} />
          {formatCount(post.likesCount)}
          <span className="visually-hidden">{postTexts.likes}</span>
        </span>
      </footer>
      {extra && <div className={styles.extra}>{extra}</div>}
    </article>
  );
});

/** Roughly how tall a card is for its width, to balance the waterfall's columns. */
export function cardRelativeHeight(post: PostCard): number {
  // A search result whose excerpt holds the query's words shows two more lines.
  const textBlock = post.cover && post.highlights?.excerpt.length ? 0.66 : 0.36;
  if (!post.cover || !post.cover.width || !post.cover.height) return 4 / 3 + textBlock;
  return Math.min(2, Math.max(0.5, post.cover.height / post.cover.width)) + textBlock;
}
