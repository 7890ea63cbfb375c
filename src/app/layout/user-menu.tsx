import { ChevronDown, Crown, LogOut, Settings, ShieldCheck, UserRound } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { User } from '../../../contract/user';
import { Avatar } from '../../components/avatar';
import { AccountLine, MemberBadge } from '../../features/membership/components/account-badges';
import { useAtmosphereSync } from '../../features/membership/hooks/use-atmosphere';
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

export interface UserMenuProps {
  user: User;
  throttle: ReturnType<typeof useNavThrottle>;
}

/** Avatar and name; opens 个人中心, 设置, 会员, 审核管理 (admins only) and 退出登录. */
export function UserMenu({ user, throttle }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  useAtmosphereSync(user.id);

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
        ]
      : []),
  ];

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

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
      setOpen(false);
      if (event.key === 'Escape') buttonRef.current?.focus();
    }
  }

  return (
    <div className={styles.root} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.trigger}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={shellTexts.userMenu(user.username)}
        onClick={() => setOpen((value) => !value)}
      >
        <Avatar src={user.avatar} alt="" size={32} />
        <span className={styles.name}>{user.username}</span>
        <MemberBadge user={user} compact />
        <ChevronDown size={16} className={styles.chevron} aria-hidden="true" />
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
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
                if (throttle(`menu-${entry.key}`, event)) setOpen(false);
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
              setOpen(false);
              void useSessionStore.getState().logout();
            }}
          >
            <LogOut size={16} aria-hidden="true" />
            {texts.logout}
          </button>
        </div>
      )}
    </div>
  );
}
