import { Users } from 'lucide-react';
import { Link } from 'react-router-dom';
import useSWRInfinite from 'swr/infinite';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { FollowButton } from '../../../components/follow-button';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { selectUser, useSessionStore } from '../../../stores/session-store';
import { getFollowList } from '../api/follow-lists';
import type { FollowListKind } from '../api/follow-lists';
import { profileTexts } from '../texts';
import styles from './follow-list-modal.module.css';

export interface FollowListModalProps {
  userId: string;
  kind: FollowListKind | null;
  onClose: () => void;
}

/** A profile's 粉丝 or 关注, paged, each with a follow button (not for oneself). */
export function FollowListModal({ userId, kind, onClose }: FollowListModalProps) {
  const viewer = useSessionStore(selectUser);
  const { data, error, size, setSize, isValidating, mutate } = useSWRInfinite(
    (index) => (kind ? ['follow-list', userId, kind, index + 1] : null),
    ([, id, listKind, page]: [string, string, FollowListKind, number]) =>
      getFollowList(id, listKind, page),
  );
  const users = data?.flatMap((page) => page.users) ?? [];
  const last = data?.[data.length - 1];
  const hasMore = last ? last.page < last.pages : false;
  const loading = !data && !error;
  const title = kind === 'followers' ? profileTexts.followers : profileTexts.following;

  return (
    <Modal open={kind !== null} onClose={onClose} title={title} width={440}>
      {loading && <Spinner label={profileTexts.loading} />}
      {error && !data && (
        <div role="alert" className={styles.state}>
          <p>{profileTexts.loadFailed}</p>
          <Button variant="secondary" size="small" onClick={() => void mutate()}>
            {profileTexts.retry}
          </Button>
        </div>
      )}
      {data && users.length === 0 && (
        <EmptyState
          icon={<Users size={28} />}
          title={kind === 'followers' ? profileTexts.followersEmpty : profileTexts.followingEmpty}
        />
      )}
      {users.length > 0 && (
        <ul className={styles.list}>
          {users.map((user) => (
            <li key={user.id} className={styles.row}>
              <Link to={`/profile/${user.id}`} className={styles.person} onClick={onClose}>
                <Avatar src={user.avatar} alt={user.username} size={40} />
                <span className={styles.text}>
                  <span className={styles.name}>{user.username}</span>
                  <span className={styles.bio}>{user.bio || profileTexts.defaultBio}</span>
                </span>
              </Link>
              {viewer?.id !== user.id && (
                <FollowButton
                  userId={user.id}
                  username={user.username}
                  initialFollowing={user.isFollowing}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {hasMore && (
        <Button
          variant="ghost"
          size="small"
          className={styles.more}
          disabled={isValidating}
          onClick={() => void setSize(size + 1)}
        >
          {isValidating ? profileTexts.loading : profileTexts.loadMore}
        </Button>
      )}
    </Modal>
  );
}
