import { Crown, Flag, LogOut, Settings, ShieldCheck, UserRound, Users } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { User } from '../../../contract/user';
import { Avatar } from '../../components/avatar';
import { peopleTexts } from '../../features/admin/people-texts';
import { adminTexts } from '../../features/admin/texts';
import { AccountLine } from '../../features/membership/components/account-badges';
import { useSessionStore } from '../../stores/session-store';
import { shellTexts } from '../texts';
import styles from './user-menu.module.css';
import type { useNavThrottle } from './use-nav-throttle';

const texts = shellTexts.menu;

interface Entry {
  key: string;
  to: string;
  label: string;
  icon: ReactNode;
}

export interface UserMenuPanelProps {
  id: string;
  user: User;
  throttle: ReturnType<typeof useNavThrottle>;
  /** Closes the menu; `returnFocus` after Escape puts focus back on the trigger. */
  onClose: (returnFocus: boolean) => void;
}

/** The open user menu (loaded the first time it opens, with the membership badges). */
export default function UserMenuPanel({ id, user, throttle, onClose }: UserMenuPanelProps) {
  const menuRef = useRef<HTMLDivElement>(null);
  const entries: Entry[] = [
    { key: 'profile', to: '/profile', label: texts.profile, icon: <UserRound size={16} /> },
    { key: 'settings', to: '/settings', label: texts.settings, icon: <Settings size={16} /> },
    { key: 'membership', to: '/membership', label: texts.membership, icon: <Crown size={16} /> },
    ...(user.isAdmin === true
      ? [
          {
            key: 'review',
            to: '/admin/posts/review',
            label: texts.review,
            icon: <ShieldCheck size={16} />,
          },
          {
            key: 'reports',
            to: '/admin/reports',
            label: adminTexts.reportsTitle,
            icon: <Flag size={16} />,
          },
          {
            key: 'users',
            to: '/admin/users',
            label: peopleTexts.usersTitle,
            icon: <Users size={16} />,
          },
        ]
      : []),
  ];

  useEffect(() => {
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, []);

  function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const target = {
      ArrowDown: items[(index + 1) % items.length],
      ArrowUp: items[(index - 1 + items.length) % items.length],
      Home: items[0],
      End: items[items.length - 1],
    }[event.key];
    if (target) {
      event.preventDefault();
      target.focus();
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      onClose(event.key === 'Escape');
    }
  }

  return (
    <div
      ref={menuRef}
      id={id}
      className={styles.menu}
      role="menu"
      aria-label={shellTexts.userMenu(user.username)}
      onKeyDown={moveFocus}
    >
      <div className={styles.summary} aria-hidden="true">
        <Avatar src={user.avatar} alt="" size={40} />
        <div>
          <p className={styles.summaryName}>{user.username}</p>
          {user.email && <p className={styles.summaryMeta}>{user.email}</p>}
          <AccountLine user={user} />
        </div>
      </div>
      {entries.map((entry) => (
        <Link
          key={entry.key}
          to={entry.to}
          role="menuitem"
          tabIndex={-1}
          className={styles.item}
          onClick={(event) => {
            if (throttle(`menu-${entry.key}`, event)) onClose(false);
          }}
        >
          <span aria-hidden="true">{entry.icon}</span>
          {entry.label}
        </Link>
      ))}
      <div className={styles.separator} role="separator" />
      <button
        type="button"
        role="menuitem"
        tabIndex={-1}
        className={`${styles.item} ${styles.danger}`}
        onClick={() => {
          onClose(false);
          void useSessionStore.getState().logout();
        }}
      >
        <LogOut size={16} aria-hidden="true" />
        {texts.logout}
      </button>
    </div>
  );
}
