import { Home, MessageCircle, Plus, Search, UserRound } from 'lucide-react';
import type { MouseEvent, ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { emitAppEvent } from '../../lib/auth-events';
import { selectUser, useSessionStore } from '../../stores/session-store';
import { useUnreadStore } from '../../stores/unread-store';
import { shellTexts } from '../texts';
import { Badge } from './badge';
import styles from './tab-bar.module.css';
import { useNavThrottle } from './use-nav-throttle';

const texts = shellTexts.tabs;

/** Phones only: 首页, 搜索, 发布, 消息, 我 (DESIGN.md). */
export function TabBar() {
  const user = useSessionStore(selectUser);
  const messages = useUnreadStore((state) => state.messages);
  const throttle = useNavThrottle();

  const tab = (key: string, to: string, label: string, icon: ReactNode, end = false) => (
    <NavLink
      to={to}
      end={end}
      className={({ isActive }) => (isActive ? `${styles.tab} ${styles.active}` : styles.tab)}
      onClick={(event: MouseEvent) => throttle(key, event)}
    >
      {icon}
      <span>{label}</span>
    </NavLink>
  );

  return (
    <nav className={styles.bar} aria-label={shellTexts.tabBarLabel}>
      {tab('home', '/', texts.home, <Home size={22} aria-hidden="true" />, true)}
      {tab('search', '/search', texts.search, <Search size={22} aria-hidden="true" />)}
      <NavLink
        to="/create"
        className={styles.publish}
        aria-label={texts.publish}
        onClick={(event: MouseEvent) => throttle('publish', event)}
      >
        <Plus size={24} aria-hidden="true" />
      </NavLink>
      {/* Links, not buttons: a tap before the scripts start (a phone starts them after the
          first paint) still arrives, as a page load of the address that opens the panel. */}
      <a
        href={user ? '/messages' : '/login'}
        className={styles.tab}
        aria-label={shellTexts.unreadLabel(texts.messages, messages)}
        onClick={(event) => {
          event.preventDefault();
          if (throttle('messages')) {
            emitAppEvent(user ? 'open-messages-panel' : 'open-login-modal');
          }
        }}
      >
        <span className={styles.iconWrap}>
          <MessageCircle size={22} aria-hidden="true" />
          <Badge count={messages} />
        </span>
        <span aria-hidden="true">{texts.messages}</span>
      </a>
      {user ? (
        tab('me', '/profile', texts.me, <UserRound size={22} aria-hidden="true" />)
      ) : (
        <a
          href="/login"
          className={styles.tab}
          onClick={(event) => {
            event.preventDefault();
            if (throttle('me')) emitAppEvent('open-login-modal');
          }}
        >
          <UserRound size={22} aria-hidden="true" />
          <span>{texts.me}</span>
        </a>
      )}
    </nav>
  );
}
