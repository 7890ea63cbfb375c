import { useState } from 'react';
import type { ReactNode } from 'react';
import type { User } from '../../../../contract/user';
import { Avatar } from '../../../components/avatar';
import { formatCount } from '../../../lib/format';
import type { FollowListKind } from '../api/follow-lists';
import { profileTexts } from '../texts';
import { FollowListModal } from './follow-list-modal';
import styles from './profile-header.module.css';

export interface ProfileHeaderProps {
  user: User;
  /** Follow and message buttons, or edit profile. */
  actions?: ReactNode;
  /**
   * The signed-in user's own profile: its list also shows notes waiting for review or
   * rejected, so the count (published notes only) says 已发布 rather than 笔记.
   */
  own?: boolean;
}

/** Avatar, name, bio and the four totals of a profile; 粉丝 and 关注 open their lists. */
export function ProfileHeader({ user, actions, own = false }: ProfileHeaderProps) {
  const [openList, setOpenList] = useState<FollowListKind | null>(null);
  const totals: { label: string; value?: number; list?: FollowListKind }[] = [
    { label: own ? profileTexts.publishedPosts : profileTexts.posts, value: user.postsCount },
    { label: profileTexts.likes, value: user.totalLikes },
    { label: profileTexts.followers, value: user.followersCount, list: 'followers' },
    { label: profileTexts.following, value: user.followingCount, list: 'following' },
  ];
  return (
    <header className={styles.header}>
      <Avatar src={user.avatar} alt={user.username} size={88} className={styles.avatar} />
      <div className={styles.info}>
        <h1 className={styles.name}>{user.username}</h1>
        <p className={styles.bio}>{user.bio || profileTexts.defaultBio}</p>
        <dl className={styles.totals} aria-label={profileTexts.totalsLabel}>
          {totals.map((total) => (
            <div key={total.label} className={styles.total}>
              <dt>{total.label}</dt>
              <dd>
                {total.list ? (
                  <button
                    type="button"
                    className={styles.totalButton}
                    aria-label={`${formatCount(total.value ?? 0)} ${total.label}`}
                    onClick={() => setOpenList(total.list ?? null)}
                  >
                    {formatCount(total.value ?? 0)}
                  </button>
                ) : (
                  formatCount(total.value ?? 0)
                )}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      {actions && <div className={styles.actions}>{actions}</div>}
      <FollowListModal userId={user.id} kind={openList} onClose={() => setOpenList(null)} />
    </header>
  );
}

/** The header's shape while the user loads. */
export function ProfileHeaderSkeleton() {
  return (
    <header className={styles.header} aria-busy="true">
      <span className={`${styles.avatar} ${styles.skeletonAvatar}`} />
      <div className={styles.info}>
        <span className={`${styles.skeletonLine} ${styles.skeletonName}`} />
        <span className={styles.skeletonLine} />
      </div>
    </header>
  );
}
