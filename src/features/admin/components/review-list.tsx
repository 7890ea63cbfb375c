import { CheckCircle2, ExternalLink, Inbox, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { REJECT_REASON_MAX } from '../../../../contract/admin';
import type { Category } from '../../../../contract/category';
import { errorText, fillText } from '../../../../contract/page-messages';
import type { PostCard, PostStatus } from '../../../../contract/post';
import { Avatar } from '../../../components/avatar';
import { Pager } from '../../../components/pager';
import { Button, buttonClass } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ReasonDialog } from '../../../components/reason-dialog';
import { SmartImage } from '../../../components/smart-image';
import { formatTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { changePostCategory, reviewPost } from '../api/admin-posts';
import { useReviewList } from '../hooks/use-review-list';
import { adminTexts } from '../texts';
import styles from './review-list.module.css';

export interface ReviewListProps {
  status: PostStatus;
  page: number;
  onPageChange: (page: number) => void;
  categories: Category[];
}

const EMPTY_TEXT: Record<PostStatus, string> = {
  pending: adminTexts.emptyPending,
  approved: adminTexts.emptyApproved,
  rejected: adminTexts.emptyRejected,
};

/** One page of notes in a review status, each with approve, reject and category controls. */
export function ReviewList({ status, page, onPageChange, categories }: ReviewListProps) {
  const { data, error, isLoading, mutate } = useReviewList(status, page);
  const [rejecting, setRejecting] = useState<PostCard | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  /** A reviewed note leaves this status's list; the page is fetched again to refill it. */
  async function act(
    post: PostCard,
    action: () => Promise<unknown>,
    success: string,
    leavesList: boolean,
  ) {
    setBusyId(post.id);
    try {
      await action();
      notify.success(success);
      if (leavesList) {
        await mutate(
          (current) =>
            current && { ...current, posts: current.posts.filter((item) => item.id !== post.id) },
          { revalidate: true },
        );
      } else {
        await mutate();
      }
      return true;
    } catch (failure) {
      notify.failure(failure);
      return false;
    } finally {
      setBusyId(null);
    }
  }

  if (isLoading && !data) {
    return (
      <ul className={styles.list} aria-busy="true">
        {[0, 1, 2].map((index) => (
          <li key={index} className={`${styles.item} ${styles.skeleton}`} />
        ))}
      </ul>
    );
  }

  if (error && !data) {
    return (
      <div className={styles.state} role="alert">
        <p>{error instanceof Error ? error.message : adminTexts.loadFailed}</p>
        <Button variant="secondary" onClick={() => void mutate()}>
          {adminTexts.retry}
        </Button>
      </div>
    );
  }

  const posts = data?.posts ?? [];
  if (posts.length === 0 && page === 1) {
    return <EmptyState icon={<Inbox size={28} />} title={EMPTY_TEXT[status]} />;
  }

  return (
    <>
      <p className={styles.total}>{fillText(adminTexts.total, { total: data?.total ?? 0 })}</p>
      <ul className={styles.list}>
        {posts.map((post) => (
          <li key={post.id} className={styles.item}>
            <Link to={`/post/${post.id}`} className={styles.cover} tabIndex={-1} aria-hidden>
              {post.cover ? (
                <SmartImage
                  src={post.cover.url}
                  alt=""
                  sizes="120px"
                  className={styles.coverImage}
                />
              ) : (
                <span className={styles.textCover}>{post.title.slice(0, 12)}</span>
              )}
            </Link>
            <div className={styles.body}>
              <h2 className={styles.title}>
                <Link to={`/post/${post.id}`}>{post.title}</Link>
              </h2>
              <p className={styles.excerpt}>{post.excerpt}</p>
              <p className={styles.meta}>
                <Avatar src={post.author.avatar} alt="" size={18} />
                <Link to={`/profile/${post.author.id}`}>{post.author.username}</Link>
                <span>
                  {adminTexts.submittedAt}{' '}
                  <time dateTime={post.createdAt}>{formatTime(post.createdAt)}</time>
                </span>
                {post.tags.length > 0 && <span>{post.tags.map((tag) => `#${tag}`).join(' ')}</span>}
              </p>
              {post.status === 'rejected' && post.rejectReason && (
                <p className={styles.reason}>
                  {fillText(adminTexts.rejectReasonShown, { reason: post.rejectReason })}
                </p>
              )}
              {data?.flaggedWords?.[post.id] && (
                <p className={styles.reason}>
                  {fillText(adminTexts.flaggedWords, {
                    words: data.flaggedWords[post.id].join('、'),
                  })}
                </p>
              )}
            </div>
            <div className={styles.controls}>
              <label className={styles.category}>
                <span className="visually-hidden">
                  {fillText(adminTexts.changeCategoryLabel, { title: post.title })}
                </span>
                <select
                  value={post.categoryId}
                  disabled={busyId === post.id}
                  onChange={(event) => {
                    const categoryId = event.target.value;
                    void act(
                      post,
                      () => changePostCategory(post.id, categoryId),
                      adminTexts.categoryChanged,
                      false,
                    );
                  }}
                >
                  {categories.map((category) => (
                    <option key={category.id} value={category.id}>
                      {category.name}
                    </option>
                  ))}
                </select>
              </label>
              <div className={styles.buttons}>
                {post.status !== 'approved' && (
                  <Button
                    size="small"
                    loading={busyId === post.id}
                    onClick={() =>
                      void act(
                        post,
                        () => reviewPost(post.id, { status: 'approved' }),
                        adminTexts.approved,
                        true,
                      )
                    }
                  >
                    <CheckCircle2 size={14} aria-hidden />
                    {adminTexts.approve}
                  </Button>
                )}
                {post.status !== 'rejected' && (
                  <Button
                    size="small"
                    variant="secondary"
                    disabled={busyId === post.id}
                    onClick={() => setRejecting(post)}
                  >
                    <XCircle size={14} aria-hidden />
                    {adminTexts.reject}
                  </Button>
                )}
                <Link
                  to={`/post/${post.id}`}
                  className={buttonClass({ variant: 'ghost', size: 'small' })}
                >
                  <ExternalLink size={14} aria-hidden />
                  {adminTexts.view}
                </Link>
              </div>
            </div>
          </li>
        ))}
      </ul>
      {data && <Pager page={page} pages={data.pages} onPageChange={onPageChange} />}
      <ReasonDialog
        open={rejecting !== null}
        title={adminTexts.rejectTitle}
        subject={rejecting?.title ?? ''}
        label={adminTexts.rejectReasonLabel}
        placeholder={adminTexts.rejectReasonPlaceholder}
        hint={adminTexts.rejectReasonHint}
        maxLength={REJECT_REASON_MAX}
        rows={4}
        requiredMessage={errorText.rejectReasonRequired}
        confirmLabel={adminTexts.confirmReject}
        onClose={() => setRejecting(null)}
        onConfirm={(reason) =>
          rejecting
            ? act(
                rejecting,
                () => reviewPost(rejecting.id, { status: 'rejected', reason }),
                adminTexts.rejected,
                true,
              )
            : Promise.resolve(false)
        }
      />
    </>
  );
}
