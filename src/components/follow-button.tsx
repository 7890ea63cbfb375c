import { useEffect, useState } from 'react';
import { errorText } from '../../contract/page-messages';
import { ApiError } from '../lib/api/client';
import { emitAppEvent } from '../lib/auth-events';
import { followUser, getFollowStatus, unfollowUser } from '../lib/follow-status';
import { notify } from '../lib/notify';
import { useSessionStore } from '../stores/session-store';
import styles from './follow-button.module.css';

const texts = {
  follow: '关注',
  following: '已关注',
  unfollow: '取消关注',
  followLabel: (name: string) => `关注 ${name}`,
  unfollowLabel: (name: string) => `取消关注 ${name}`,
};

export interface FollowButtonProps {
  userId: string;
  /** Known state (e.g. from a profile); the button asks the server when it is not given. */
  initialFollowing?: boolean;
  /** For the accessible label: "关注 <name>". */
  username?: string;
  className?: string;
  onChange?: (isFollowing: boolean) => void;
}

/** The server already agrees with what the click wanted (a double click in two tabs). */
const alreadyDone = (error: unknown, wanted: boolean) =>
  error instanceof ApiError && (wanted ? error.status === 409 : error.status === 404);

/**
 * 关注 / 已关注. Signed out, a click opens the login modal. The change shows at once and is
 * undone, with SPEC.md's toast, when the server refuses it.
 */
export function FollowButton({
  userId,
  initialFollowing,
  username,
  className,
  onChange,
}: FollowButtonProps) {
  const viewer = useSessionStore((state) => state.user);
  const signedIn = useSessionStore((state) => state.status === 'signed-in');
  const [isFollowing, setFollowing] = useState(initialFollowing ?? false);
  const [busy, setBusy] = useState(false);
  const [hovered, setHovered] = useState(false);

  useEffect(() => {
    if (initialFollowing !== undefined) {
      setFollowing(initialFollowing);
      return;
    }
    if (!signedIn) {
      setFollowing(false);
      return;
    }
    let current = true;
    void getFollowStatus(userId).then((status) => {
      if (current) setFollowing(status);
    });
    return () => {
      current = false;
    };
  }, [userId, initialFollowing, signedIn]);

  if (viewer && (viewer._id === userId || viewer.id === userId)) return null;

  async function toggle() {
    if (!signedIn) {
      emitAppEvent('open-login-modal');
      return;
    }
    if (busy) return;
    const wanted = !isFollowing;
    setFollowing(wanted);
    setBusy(true);
    try {
      await (wanted ? followUser(userId) : unfollowUser(userId));
      onChange?.(wanted);
    } catch (error) {
      if (alreadyDone(error, wanted)) {
        onChange?.(wanted);
      } else {
        setFollowing(!wanted);
        notify.error(wanted ? errorText.followFailed : errorText.unfollowFailed);
      }
    } finally {
      setBusy(false);
    }
  }

  const label =
    isFollowing && hovered ? texts.unfollow : isFollowing ? texts.following : texts.follow;
  const name = username ?? '';
  return (
    <button
      type="button"
      className={[styles.button, isFollowing ? styles.following : styles.follow, className]
        .filter(Boolean)
        .join(' ')}
      aria-pressed={isFollowing}
      aria-label={
        name ? (isFollowing ? texts.unfollowLabel(name) : texts.followLabel(name)) : undefined
      }
      aria-busy={busy}
      onClick={() => void toggle()}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      {label}
    </button>
  );
}
