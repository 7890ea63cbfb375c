import { Heart, MessageCircle, Pencil, Share2, Star, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { errorText, fillText } from '../../../../contract/page-messages';
import type { Post } from '../../../../contract/post';
import { tagPath } from '../../../../contract/tag-rules';
import type { User } from '../../../../contract/user';
import { FollowButton } from '../../../components/follow-button';
import { formatCount, formatTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { deletePost } from '../api/delete-post';
import { useReactions } from '../hooks/use-reactions';
import { useRenderedBody } from '../rendered-body';
import { shareNote } from '../share';
import { noteTexts } from '../note-texts';
import { CommentSection } from './comment-section';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ReportButton } from '../../../components/report/report-button';
import { MarkdownBody } from './markdown-body';
import { NoteLayout } from './note-layout';
import styles from './post-detail.module.css';

export interface PostDetailProps {
  post: Post;
  viewer: User | null;
  /** Controls another feature adds under the note's date (保存离线阅读). */
  extraActions?: ReactNode;
  /** Shown where the body ends: the purchase card of a paid note, or its 已购买 mark. */
  paywall?: ReactNode;
}

/** The note page: images, text, author, reactions and comments. */
export function PostDetail({ post, viewer, extraActions, paywall }: PostDetailProps) {
  const navigate = useNavigate();
  const { like, favorite } = useReactions(post);
  const renderedBody = useRenderedBody(post.id, post.content);
  const commentInput = useRef<HTMLTextAreaElement>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const isAuthor = viewer?.id === post.author.id;
  const canDelete = isAuthor || viewer?.isAdmin === true;
  const edited = post.publishedAt && post.updatedAt > post.publishedAt;

  async function removePost() {
    setDeleting(true);
    try {
      await deletePost(post.id);
      notify.success(noteTexts.deleted);
      navigate(isAuthor ? '/profile' : '/', { replace: true });
    } catch (error) {
      notify.failure(error, errorText.deletePostFailed);
      setDeleting(false);
      setConfirmingDelete(false);
    }
  }

  const reactions = (
    <div className={styles.reactions}>
      <button
        type="button"
        className={like.active ? `${styles.reaction} ${styles.liked}` : styles.reaction}
        aria-pressed={like.active}
        aria-label={`${like.active ? noteTexts.unlike : noteTexts.like} ${formatCount(like.count)}`}
        onClick={() => void like.toggle()}
      >
        <Heart size={22} aria-hidden fill={like.active ? 'currentColor' : 'none'} />
        <span>{formatCount(like.count)}</span>
      </button>
      <button
        type="button"
        className={favorite.active ? `${styles.reaction} ${styles.favorited}` : styles.reaction}
        aria-pressed={favorite.active}
        aria-label={`${favorite.active ? noteTexts.unfavorite : noteTexts.favorite} ${formatCount(favorite.count)}`}
        onClick={() => void favorite.toggle()}
      >
        <Star size={22} aria-hidden fill={favorite.active ? 'currentColor' : 'none'} />
        <span>{formatCount(favorite.count)}</span>
      </button>
      <button
        type="button"
        className={styles.reaction}
        aria-label={`${noteTexts.comment} ${formatCount(post.commentsCount)}`}
        onClick={() => {
          commentInput.current?.focus();
          document.getElementById('comments')?.scrollIntoView({ block: 'start' });
        }}
      >
        <MessageCircle size={22} aria-hidden />
        <span>{formatCount(post.commentsCount)}</span>
      </button>
      <button
        type="button"
        className={styles.reaction}
        aria-label={noteTexts.share}
        onClick={() => void shareNote(post.title, `${window.location.origin}/post/${post.id}`)}
      >
        <Share2 size={22} aria-hidden />
      </button>
    </div>
  );

  return (
    <NoteLayout
      post={post}
      authorAction={!isAuthor && viewer && <FollowButton userId={post.author.id} />}
      after={
        <ConfirmDialog
          open={confirmingDelete}
          title={noteTexts.deleteTitle}
          message={noteTexts.deleteConfirm}
          confirmLabel={noteTexts.remove}
          onConfirm={() => void removePost()}
          onClose={() => setConfirmingDelete(false)}
          busy={deleting}
        />
      }
    >
      {isAuthor && post.status !== 'approved' && (
        <p
          className={
            post.status === 'rejected' ? `${styles.banner} ${styles.rejected}` : styles.banner
          }
          role="status"
        >
          {post.status === 'pending'
            ? noteTexts.pendingBanner
            : post.rejectReason
              ? fillText(noteTexts.rejectedBanner, { reason: post.rejectReason })
              : noteTexts.rejectedNoReason}
        </p>
      )}

      <div className={styles.text}>
        <h1 className={styles.title}>{post.title}</h1>
        {post.price > 0 && !post.canRead && (
          <p className={styles.banner}>{fillText(noteTexts.paidNotice, { price: post.price })}</p>
        )}
        <MarkdownBody source={post.content} rendered={renderedBody} />
        {paywall}
        <div className={styles.tags}>
          <Link
            to={`/?category=${encodeURIComponent(post.category.slug)}`}
            className={styles.category}
          >
            {post.category.name}
          </Link>
          {post.tags.map((tag) => (
            <Link key={tag} to={tagPath(tag)} className={styles.tag}>
              #{tag}
            </Link>
          ))}
        </div>
        <p className={styles.time}>
          {edited
            ? noteTexts.editedAt
            : post.publishedAt
              ? noteTexts.publishedAt
              : noteTexts.submittedAt}{' '}
          <time dateTime={edited ? post.updatedAt : post.createdAt}>
            {formatTime(edited ? post.updatedAt : (post.publishedAt ?? post.createdAt))}
          </time>
        </p>
        {extraActions}
        {(isAuthor || canDelete || viewer) && (
          <div className={styles.manage}>
            {isAuthor && (
              <Link to={`/edit-post/${post.id}`} className={styles.manageButton}>
                <Pencil size={16} aria-hidden />
                {noteTexts.edit}
              </Link>
            )}
            {canDelete && (
              <button
                type="button"
                className={styles.manageButton}
                onClick={() => setConfirmingDelete(true)}
              >
                <Trash2 size={16} aria-hidden />
                {noteTexts.remove}
              </button>
            )}
            {viewer && !isAuthor && (
              <ReportButton targetType="post" targetId={post.id} className={styles.manageButton} />
            )}
          </div>
        )}
        <hr className={styles.divider} />
        <CommentSection post={post} viewer={viewer} inputRef={commentInput} />
      </div>

      <div className={styles.actionBar}>{reactions}</div>
    </NoteLayout>
  );
}
