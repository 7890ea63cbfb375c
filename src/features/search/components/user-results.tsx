import { Link } from 'react-router-dom';
import { fillText } from '../../../../contract/page-messages';
import type { User } from '../../../../contract/user';
import { Avatar } from '../../../components/avatar';
import { FollowButton } from '../../../components/follow-button';
import { formatCount } from '../../../lib/format';
import { searchTexts } from '../texts';
import styles from './user-results.module.css';

/** The people a search found: a row that scrolls sideways on phones. */
export function UserResults({ users, isLoading }: { users: User[]; isLoading: boolean }) {
  if (isLoading) {
    return (
      <ul className={styles.row} aria-busy="true">
        {[0, 1, 2].map((index) => (
          <li key={index} className={`${styles.card} ${styles.skeleton}`} />
        ))}
      </ul>
    );
  }
  if (users.length === 0) return null;
  return (
    <section aria-labelledby="user-results-heading" className={styles.section}>
      <h2 id="user-results-heading" className={styles.heading}>
        {searchTexts.usersHeading}
      </h2>
      <ul className={styles.row}>
        {users.map((user) => (
          <li key={user.id} className={styles.card}>
            <Link
              to={`/profile/${user.id}`}
              className={styles.person}
              aria-label={fillText(searchTexts.viewProfile, { name: user.username })}
            >
              <Avatar src={user.avatar} alt="" size={48} />
              <span className={styles.text}>
                <span className={styles.name}>{user.username}</span>
                <span className={styles.bio}>{user.bio || searchTexts.defaultBio}</span>
                {user.followersCount !== undefined && (
                  <span className={styles.meta}>
                    {fillText(searchTexts.followers, { count: formatCount(user.followersCount) })}
                  </span>
                )}
              </span>
            </Link>
            <FollowButton
              userId={user.id}
              username={user.username}
              initialFollowing={user.isFollowing}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
