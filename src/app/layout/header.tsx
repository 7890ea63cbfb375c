import { lazy, Suspense } from 'react';
import { Bell, Mail, PenLine } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../components/button';
import { emitAppEvent } from '../../lib/auth-events';
import { siteTexts } from '../../lib/texts';
import { selectUser, useSessionStore } from '../../stores/session-store';
import { useUnreadStore } from '../../stores/unread-store';
import { shellTexts } from '../texts';
import { Badge } from './badge';
import styles from './header.module.css';
import { SearchBox } from './search-box';
import { useNavThrottle } from './use-nav-throttle';
import { UserMenu } from './user-menu';

// Shown only where the browser offers installation; its code loads after the first paint.
const InstallButton = lazy(() =>
  import('../../features/offline/install-button').then((module) => ({
    default: module.InstallButton,
  })),
);

export function Header() {
  const user = useSessionStore(selectUser);
  const status = useSessionStore((state) => state.status);
  const notifications = useUnreadStore((state) => state.notifications);
  const messages = useUnreadStore((state) => state.messages);
  const throttle = useNavThrottle();

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link
          to="/"
          className={styles.logo}
          aria-label={shellTexts.logoLabel}
          onClick={(event) => throttle('logo', event)}
        >
          <img src="/favicon.svg" alt="" width={30} height={30} />
          <span className={styles.wordmark}>{siteTexts.name}</span>
        </Link>
        <div className={styles.search}>
          <SearchBox />
        </div>
        <nav className={styles.actions} aria-label={shellTexts.home}>
          <Suspense fallback={null}>
            <InstallButton />
          </Suspense>
          {user ? (
            <>
              <Link
                to="/create"
                className={`${buttonClass({ size: 'small' })} ${styles.publish}`}
                onClick={(event) => throttle('publish', event)}
              >
                <PenLine size={16} aria-hidden="true" />
                {shellTexts.publish}
              </Link>
              <button
                type="button"
                className={styles.iconButton}
                aria-label={shellTexts.unreadLabel(shellTexts.notifications, notifications)}
                onClick={() => throttle('bell') && emitAppEvent('open-notifications-panel')}
              >
                <Bell size={20} aria-hidden="true" />
                <Badge count={notifications} />
              </button>
              <button
                type="button"
                className={`${styles.iconButton} ${styles.desktopOnly}`}
                aria-label={shellTexts.unreadLabel(shellTexts.messages, messages)}
                onClick={() => throttle('messages') && emitAppEvent('open-messages-panel')}
              >
                <Mail size={20} aria-hidden="true" />
                <Badge count={messages} />
              </button>
              <div className={styles.desktopOnly}>
                <UserMenu user={user} throttle={throttle} />
              </div>
            </>
          ) : (
            status === 'signed-out' && (
              <>
                {/* Phones too: SPEC.md section 2 gives visitors a register link in the bar. */}
                <Link
                  to="/register"
                  className={buttonClass({ variant: 'ghost', size: 'small' })}
                  onClick={(event) => throttle('register', event)}
                >
                  {shellTexts.register}
                </Link>
                <button
                  type="button"
                  className={buttonClass({ size: 'small' })}
                  onClick={() => throttle('login') && emitAppEvent('open-login-modal')}
                >
                  {shellTexts.login}
                </button>
              </>
            )
          )}
        </nav>
      </div>
    </header>
  );
}
