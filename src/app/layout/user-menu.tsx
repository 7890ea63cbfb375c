import { ChevronDown } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { User } from '../../../contract/user';
import { Avatar } from '../../components/avatar';
import { MemberBadge } from '../../features/membership/components/account-badges';
import { useAtmosphereSync } from '../../features/membership/hooks/use-atmosphere';
import { shellTexts } from '../texts';
import styles from './user-menu.module.css';
import type { useNavThrottle } from './use-nav-throttle';

const UserMenuPanel = lazy(() => import('./user-menu-panel'));

export interface UserMenuProps {
  user: User;
  throttle: ReturnType<typeof useNavThrottle>;
}

/** Avatar and name; opens 个人中心, 设置, 会员, 审核管理 (admins only) and 退出登录. */
export function UserMenu({ user, throttle }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  useAtmosphereSync(user.id);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  return (
    // Escape closes the menu even before its panel has loaded and taken focus.
    <div
      className={styles.root}
      ref={rootRef}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        setOpen(false);
        buttonRef.current?.focus();
      }}
    >
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
        <Suspense fallback={null}>
          <UserMenuPanel
            id={menuId}
            user={user}
            throttle={throttle}
            onClose={(returnFocus) => {
              setOpen(false);
              if (returnFocus) buttonRef.current?.focus();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
