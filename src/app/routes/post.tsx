import { FileX } from 'lucide-react';
import { useDeferredValue } from 'react';
import { Link, useParams } from 'react-router-dom';
import { buttonClass } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { PageMeta } from '../../components/page-meta';
import { ApiError } from '../../lib/api/client';
import { OfflineNoteMissing } from '../../features/offline/offline-note-missing';
import { SaveOfflineButton } from '../../features/offline/save-offline-button';
import { offlineTexts } from '../../features/offline/texts';
import { useOnlineStatus } from '../../lib/use-online-status';
import { PaidNoteBadge } from '../../features/membership/components/paid-note-badge';
import { PaywallCard } from '../../features/membership/components/paywall-card';
import { PostDetail } from '../../features/posts/components/post-detail';
import { PostDetailSkeleton } from '../../features/posts/components/post-detail-skeleton';
import { RelatedSection } from '../../features/posts/components/related-section';
import { usePost } from '../../features/posts/hooks/use-post';
import { isValidPostId } from '../../features/posts/post-id';
import { postTexts } from '../../features/posts/texts';
import { noteTexts } from '../../features/posts/note-texts';
import { selectUser, useSessionStore } from '../../stores/session-store';

/** `/post/{id}`: one note. */
export default function PostPage() {
  const { id } = useParams();
  const viewer = useSessionStore(selectUser);
  const { data, error, mutate } = usePost(id);
  const online = useOnlineStatus();
  // The note arrives through SWR's store, whose updates React renders in one uninterrupted task;
  // the deferred copy renders the whole page (its Markdown included) in slices that leave the
  // main thread free for taps in between.
  const post = useDeferredValue(data);

  const missing =
    !isValidPostId(id) || (error instanceof ApiError && [400, 403, 404].includes(error.status));
  if (!missing && error && !post && !online) {
    return (
      <>
        <PageMeta title={offlineTexts.noteNotSaved.title} noindex />
        <OfflineNoteMissing signedIn={viewer !== null} onRetry={() => void mutate()} />
      </>
    );
  }
  if (missing || (error && !post)) {
    return (
      <>
        <PageMeta title={noteTexts.noteNotFound} noindex />
        <EmptyState
          icon={<FileX size={28} />}
          title={missing ? noteTexts.noteNotFound : postTexts.loadFailed}
          action={
            missing ? (
              <Link to="/" className={buttonClass()}>
                {noteTexts.backHome}
              </Link>
            ) : (
              <button
                type="button"
                className={buttonClass({ variant: 'secondary' })}
                onClick={() => void mutate()}
              >
                {postTexts.retry}
              </button>
            )
          }
        />
      </>
    );
  }

  if (!post) return <PostDetailSkeleton />;

  return (
    <>
      <PageMeta
        title={post.title}
        description={post.excerpt}
        path={`/post/${post.id}`}
        image={post.cover?.url}
        type="article"
        noindex={post.status !== 'approved'}
      />
      <PostDetail
        key={post.id}
        post={post}
        viewer={viewer}
        extraActions={<SaveOfflineButton postId={post.id} />}
        paywall={
          post.canRead ? (
            <PaidNoteBadge post={post} />
          ) : (
            <PaywallCard post={post} onUnlock={() => mutate()} />
          )
        }
      />
      {post.status === 'approved' && <RelatedSection key={`related-${post.id}`} postId={post.id} />}
    </>
  );
}
