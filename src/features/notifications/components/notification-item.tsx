import { BadgeCheck } from 'lucide-react';
import type { Notification } from '../../../../contract/notification';
import { Avatar } from '../../../components/avatar';
import { SmartImage } from '../../../components/smart-image';
import { formatTime } from '../../../lib/format';
import { describeNotification, isSystemNotification } from '../notification-view';
import { notificationTexts } from '../texts';
import styles from './notifications-panel.module.css';

export interface NotificationItemProps {
  notification: Notification;
  onOpen: (notification: Notification) => void;
}

export function NotificationItem({ notification, onOpen }: NotificationItemProps) {
  const { who, action, detail } = describeNotification(notification);
  const unread = !notification.isRead;
  const cover = notification.post?.cover;
  return (
    <li>
      <button
        type="button"
        className={unread ? `${styles.item} ${styles.unread}` : styles.item}
        onClick={() => onOpen(notification)}
      >
        {/* The visible words name the button (a separate label would hide the detail and time). */}
        {unread && <span className="visually-hidden">{notificationTexts.unreadPrefix}</span>}
        {isSystemNotification(notification) ? (
          <span className={styles.systemIcon} aria-hidden="true">
            <BadgeCheck size={20} />
          </span>
        ) : (
          <Avatar src={notification.actor?.avatar} alt="" size={40} />
        )}
        <span className={styles.text}>
          <span className={styles.line}>
            <strong className={styles.who}>{who}</strong> {action}
          </span>
          {detail && <span className={styles.detail}>{detail}</span>}
          <time className={styles.time} dateTime={notification.createdAt}>
            {formatTime(notification.createdAt)}
          </time>
        </span>
        {cover && (
          <span className={styles.cover}>
            <SmartImage src={`${cover.url}?w=160`} alt="" className={styles.coverImage} />
          </span>
        )}
        {unread && <span className={styles.dot} aria-hidden="true" />}
      </button>
    </li>
  );
}
