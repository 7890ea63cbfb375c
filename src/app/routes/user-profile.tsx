import { Mail, PenLine, UserX } from 'lucide-react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { fillText } from '../../../contract/page-messages';
import { Button, buttonClass } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { FollowButton } from '../../components/follow-button';
import { PageMeta } from '../../components/page-meta';
import { ApiError } from '../../lib/api/client';
import { emitAppEvent } from '../../lib/auth-events';
import { NoteWaterfall } from '../../features/posts/components/note-waterfall';
import { usePagedPosts } from '../../features/posts/hooks/use-paged-posts';
import { getUserPosts, userPostsListKey } from '../../features/profile/api/profile-posts';
import {
  ProfileHeader,
  ProfileHeaderSkeleton,
} from '../../features/profile/components/profile-header';
import { useProfileUser } from '../../features/profile/hooks/use-profile-user';
import { pinnedFirst } from '../../features/profile/pinned-first';
import { profileTexts } from '../../features/profile/texts';
import { selectUser, useSessionStore } from '../../stores/session-store';
import { ReportButton } from '../../components/report/report-button';

/** `/profile/{id}`: someone's public page with their published notes. */
export default function UserProfilePage() {
  const { id } = useParams();
  const me = useSessionStore(selectUser);
  const { data: user, error, mutate } = useProfileUser(id);
  const posts = usePagedPosts(id ? userPostsListKey(id) : null, (page) =>
    getUserPosts(id as string, page),
  );

  if (id && me && (me.id === id || me._id === id)) return <Navigate to="/profile" replace />;

  if (error) {
    const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
    return (
      <>
        <PageMeta title={profileTexts.userNotFound} noindex />
        <EmptyState
          icon={<UserX size={28} />}
          title={missing ? profileTexts.userNotFound : profileTexts.loadFailed}
          action={
            missing ? (
              <Link to="/" className={buttonClass()}>
                {profileTexts.backHome}
              </Link>
            ) : (
              <Button variant="secondary" onClick={() => void mutate()}>
                {profileTexts.retry}
              </Button>
            )
          }
        />
      </>
    );
  }

  return (
    <>
      {user && (
        <PageMeta
          title={fillText(profileTexts.userTitle, { name: user.username })}
          description={fillText(profileTexts.userDescription, {
            name: user.username,
            bio: user.bio || profileTexts.defaultBio,
          })}
          path={`/profile/${user.id}`}
          image={user.avatar}
        />
      )}
      {user ? (
        <ProfileHeader
          user={user}
          actions={
            <>
              <FollowButton
                userId={user.id}
                username={user.username}
                initialFollowing={user.isFollowing}
                onChange={() => void mutate()}
              />
              <Button
                variant="secondary"
                size="small"
                onClick={() =>
                  me
                    ? emitAppEvent('open-messages-panel', { userId: user.id })
                    : emitAppEvent('open-login-modal', { from: `/profile/${user.id}` })
                }
              >
                <Mail size={14} aria-hidden />
                {profileTexts.message}
              </Button>
              {me && (
                <ReportButton
                  targetType="user"
                  targetId={user.id}
                  className={buttonClass({ variant: 'ghost', size: 'small' })}
                />
              )}
            </>
          }
        />
      ) : (
        <ProfileHeaderSkeleton />
      )}
      <h2 className="visually-hidden">{profileTexts.tabUserPosts}</h2>
      <NoteWaterfall
        list={{ ...posts, posts: pinnedFirst(posts.posts) }}
        label={profileTexts.tabUserPosts}
        empty={<EmptyState icon={<PenLine size={28} />} title={profileTexts.userPostsEmpty} />}
      />
    </>
  );
}
