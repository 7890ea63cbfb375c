import type { ReactNode } from 'react';
import type { User } from '../../../../contract/user';
import { Avatar } from '../../../components/avatar';
import { formatCount } from '../../../lib/format';
import { profileTexts } from '../texts';
import styles from './profile-header.module.css';

export interface ProfileHeaderProps {
  user: User;
  /** Follow and message buttons, or edit profile. */
  actions?: ReactNode;
}

/** Avatar, name, bio and the four totals of a profile. */
export function ProfileHeader({ user, actions }: ProfileHeaderProps) {
  const totals = [
    { label: profileTexts.posts, value: user.postsCount },
    { label: profileTexts.likes, value: user.totalLikes },
    { label: profileTexts.followers, value: user.followersCount },
    { label: profileTexts.following, value: user.followingCount },
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
              <dd>{formatCount(total.value ?? 0)}</dd>
            </div>
          ))}
        </dl>
      </div>
      {actions && <div className={styles.actions}>{actions}</div>}
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
