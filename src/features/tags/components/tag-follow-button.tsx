import { useEffect, useState } from 'react';
import { emitAppEvent } from '../../../lib/auth-events';
import { notify } from '../../../lib/notify';
import { useSessionStore } from '../../../stores/session-store';
import { setTagFollowing } from '../api/tag-posts';
import { tagTexts } from '../texts';
import styles from './tag-header.module.css';

export interface TagFollowButtonProps {
  name: string;
  isFollowing: boolean;
  /** The server's count after a change. */
  onChange: (state: { isFollowing: boolean; followersCount: number }) => void;
}

/**
 * 关注标签 / 已关注. Signed out, a click opens the login modal. The change shows at once and is
 * undone with a toast when the server refuses it.
 */
export function TagFollowButton({ name, isFollowing, onChange }: TagFollowButtonProps) {
  const signedIn = useSessionStore((state) => state.status === 'signed-in');
  const [following, setFollowing] = useState(isFollowing);
  const [busy, setBusy] = useState(false);
  const [hovered, setHovered] = useState(false);
  useEffect(() => setFollowing(isFollowing), [isFollowing]);

  async function toggle() {
    if (!signedIn) {
      emitAppEvent('open-login-modal');
      return;
    }
    if (busy) return;
    const wanted = !following;
    setFollowing(wanted);
    setBusy(true);
    try {
      onChange(await setTagFollowing(name, wanted));
    } catch {
      setFollowing(!wanted);
      notify.error(wanted ? tagTexts.followFailed : tagTexts.unfollowFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className={following ? `${styles.follow} ${styles.following}` : styles.follow}
      aria-pressed={following}
      aria-label={following ? tagTexts.unfollowLabel(name) : tagTexts.followLabel(name)}
      aria-busy={busy}
      onClick={() => void toggle()}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      {following ? (hovered ? tagTexts.unfollow : tagTexts.following) : tagTexts.follow}
    </button>
  );
}
