import { MessageCircle } from 'lucide-react';
import { useRef, useState } from 'react';
import type { FormEvent, Ref } from 'react';
import { Link } from 'react-router-dom';
import type { Comment, CommentReply } from '../../../../contract/comment';
import { errorText, fillText } from '../../../../contract/page-messages';
import { POST_LIMITS } from '../../../../contract/post-rules';
import type { Post } from '../../../../contract/post';
import type { User } from '../../../../contract/user';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { emitAppEvent } from '../../../lib/auth-events';
import { formatTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useTypedBeforeHydration } from '../../../lib/typed-before-hydration';
import { useComments } from '../hooks/use-comments';
import { postTexts } from '../texts';
import { noteTexts } from '../note-texts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import styles from './comment-section.module.css';
import { ReportButton } from '../../../components/report/report-button';
import { MentionText } from '../../../components/mention-text';
import {
  MentionAutocomplete,
  mentionAnchorClass,
} from '../../../components/mention/mention-autocomplete';

type AnyComment = Comment | CommentReply;

export interface CommentSectionProps {
  post: Post;
  viewer: User | null;
  /** The main comment box, so the action bar's comment button can focus it. */
  inputRef?: Ref<HTMLTextAreaElement>;
}

/** Comments with one level of replies: list, write, reply and delete. */
export function CommentSection({ post, viewer, inputRef }: CommentSectionProps) {
  const thread = useComments(post.id);
  const [replyingTo, setReplyingTo] = useState<AnyComment | null>(null);
  const [deleting, setDeleting] = useState<AnyComment | null>(null);
  const [busy, setBusy] = useState(false);

  const canDelete = (comment: AnyComment) =>
    Boolean(
      viewer && (viewer.isAdmin || comment.author.id === viewer.id || post.author.id === viewer.id),
    );

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    try {
      await thread.remove(deleting);
      notify.success(noteTexts.commentDeleted);
      setDeleting(null);
    } catch (error) {
      notify.failure(error);
    } finally {
      setBusy(false);
    }
  }

  const renderComment = (comment: AnyComment, isReply: boolean) => (
    <li key={comment.id} className={isReply ? styles.reply : styles.comment}>
      <Link to={`/profile/${comment.author.id}`} className={styles.avatarLink}>
        <Avatar
          src={comment.author.avatar}
          alt={comment.author.username}
          size={isReply ? 24 : 32}
        />
      </Link>
      <div className={styles.commentBody}>
        <div className={styles.meta}>
          <Link to={`/profile/${comment.author.id}`} className={styles.name}>
            {comment.author.username}
          </Link>
          {comment.author.id === post.author.id && (
            <span className={styles.authorTag}>{noteTexts.author}</span>
          )}
        </div>
        <p className={styles.content}>
          {comment.replyTo && (
            <span className={styles.replyTo}>
              {noteTexts.reply}{' '}
              <Link to={`/profile/${comment.replyTo._id}`}>@{comment.replyTo.username}</Link>：
            </span>
          )}
          <MentionText text={comment.content} className={styles.mention} />
        </p>
        {comment.hiddenReason && (
          <p className={styles.hiddenNote} role="note">
            {comment.hiddenReason}
          </p>
        )}
        <div className={styles.actions}>
          <time dateTime={comment.createdAt}>{formatTime(comment.createdAt)}</time>
          {viewer && (
            <button
              type="button"
              className={styles.textButton}
              onClick={() => setReplyingTo(comment)}
            >
              {noteTexts.reply}
            </button>
          )}
          {canDelete(comment) && (
            <button
              type="button"
              className={styles.textButton}
              onClick={() => setDeleting(comment)}
            >
              {noteTexts.remove}
            </button>
          )}
          {viewer && comment.author.id !== viewer.id && (
            <ReportButton
              targetType="comment"
              targetId={comment.id}
              className={styles.textButton}
            />
          )}
        </div>
        {replyingTo?.id === comment.id && (
          <CommentComposer
            autoFocus
            placeholder={fillText(noteTexts.replyPlaceholder, { name: comment.author.username })}
            onSubmit={async (content) => {
              await thread.add(content, comment);
              setReplyingTo(null);
            }}
            onCancel={() => setReplyingTo(null)}
          />
        )}
        {!isReply && 'replies' in comment && comment.replies && comment.replies.length > 0 && (
          <ul className={styles.replies}>
            {comment.replies.map((reply) => renderComment(reply, true))}
          </ul>
        )}
      </div>
    </li>
  );

  return (
    <section className={styles.section} aria-labelledby="comments-heading" id="comments">
      <h2 id="comments-heading" className={styles.heading}>
        {fillText(noteTexts.commentsCount, { count: post.commentsCount })}
      </h2>
      {viewer ? (
        <CommentComposer
          inputRef={inputRef}
          placeholder={noteTexts.commentPlaceholder}
          onSubmit={(content) => thread.add(content, null).then(() => undefined)}
        />
      ) : (
        <button
          type="button"
          className={styles.signIn}
          onClick={() => emitAppEvent('open-login-modal', { from: `/post/${post.id}` })}
        >
          {noteTexts.commentSignIn}
        </button>
      )}
      {thread.isLoading ? (
        <ul className={styles.list} aria-busy="true">
          {[0, 1, 2].map((index) => (
            <li key={index} className={styles.skeleton} />
          ))}
        </ul>
      ) : thread.error && thread.comments.length === 0 ? (
        <div className={styles.state} role="alert">
          <p>{postTexts.loadFailed}</p>
          <Button variant="secondary" size="small" onClick={thread.retry}>
            {postTexts.retry}
          </Button>
        </div>
      ) : thread.comments.length === 0 ? (
        <div className={styles.state}>
          <MessageCircle size={24} aria-hidden />
          <p>{noteTexts.commentsEmpty}</p>
        </div>
      ) : (
        <ul className={styles.list}>
          {thread.comments.map((comment) => renderComment(comment, false))}
        </ul>
      )}
      {thread.hasMore && (
        <Button
          variant="secondary"
          size="small"
          className={styles.more}
          onClick={thread.loadMore}
          loading={thread.isLoadingMore}
        >
          {noteTexts.moreComments}
        </Button>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={noteTexts.commentDeleteTitle}
        message={noteTexts.commentDeleteConfirm}
        confirmLabel={noteTexts.remove}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
        busy={busy}
      />
    </section>
  );
}

interface ComposerProps {
  placeholder: string;
  onSubmit: (content: string) => Promise<unknown>;
  onCancel?: () => void;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLTextAreaElement>;
}

function CommentComposer({ placeholder, onSubmit, onCancel, autoFocus, inputRef }: ComposerProps) {
  const [content, setContent] = useState('');
  const [sending, setSending] = useState(false);
  const localInput = useRef<HTMLTextAreaElement>(null);
  useTypedBeforeHydration(localInput);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const text = content.trim();
    if (!text) {
      notify.error(errorText.commentRequired);
      return;
    }
    setSending(true);
    try {
      await onSubmit(text);
      setContent('');
      notify.success(noteTexts.commentSent);
    } catch (error) {
      notify.failure(error);
    } finally {
      setSending(false);
    }
  }

  return (
    <form className={styles.composer} onSubmit={(event) => void submit(event)}>
      <div className={mentionAnchorClass}>
        <textarea
          ref={(node) => {
            localInput.current = node;
            if (typeof inputRef === 'function') inputRef(node);
            else if (inputRef) inputRef.current = node;
          }}
          className={styles.input}
          value={content}
          onChange={(event) => setContent(event.target.value)}
          placeholder={placeholder}
          aria-label={placeholder}
          maxLength={POST_LIMITS.commentMax}
          rows={2}
          autoFocus={autoFocus}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) void submit(event);
            if (event.key === 'Escape' && onCancel) onCancel();
          }}
        />
        <MentionAutocomplete textareaRef={localInput} value={content} onChange={setContent} />
      </div>
      <div className={styles.composerActions}>
        <span className={styles.counter}>
          {content.length}/{POST_LIMITS.commentMax}
        </span>
        {onCancel && (
          <Button variant="ghost" size="small" onClick={onCancel}>
            {noteTexts.cancel}
          </Button>
        )}
        <Button type="submit" size="small" loading={sending} disabled={!content.trim()}>
          {noteTexts.send}
        </Button>
      </div>
    </form>
  );
}
