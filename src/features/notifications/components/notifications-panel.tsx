import { Bell } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import type { Notification } from '../../../../contract/notification';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { Modal } from '../../../components/modal';
import { emitAppEvent } from '../../../lib/auth-events';
import { useNotifications } from '../hooks/use-notifications';
import { notificationTarget } from '../notification-view';
import { notificationTexts } from '../texts';
import { NotificationItem } from './notification-item';
import styles from './notifications-panel.module.css';

export interface NotificationsPanelProps {
  open: boolean;
  onClose: () => void;
}

/** The bell's panel: newest first, unread marked, a click reads it and opens what it is about. */
export default function NotificationsPanel({ open, onClose }: NotificationsPanelProps) {
  const list = useNotifications(open);
  const navigate = useNavigate();

  function openNotification(notification: Notification) {
    list.markRead(notification);
    const target = notificationTarget(notification);
    if (!target) return;
    onClose();
    if (target.kind === 'page') {
      navigate(target.to);
    } else {
      emitAppEvent('open-messages-panel', { userId: target.userId });
    }
  }

  return (
    <Modal open={open} onClose={onClose} title={notificationTexts.title} width={480}>
      <div className={styles.toolbar}>
        <Button variant="ghost" size="small" onClick={list.markAllRead} disabled={!list.hasUnread}>
          {notificationTexts.markAllRead}
        </Button>
      </div>
      {list.status === 'loading' ? (
        <ul className={styles.list} aria-busy="true" aria-label={notificationTexts.loading}>
          {Array.from({ length: 4 }, (_, index) => (
            <li key={index} className={styles.skeleton} />
          ))}
        </ul>
      ) : list.items.length === 0 ? (
        <EmptyState
          icon={<Bell size={28} />}
          title={notificationTexts.emptyTitle}
          description={notificationTexts.emptyDescription}
        />
      ) : (
        <>
          <ul className={styles.list}>
            {list.items.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                onOpen={openNotification}
              />
            ))}
          </ul>
          {list.hasMore && (
            <div className={styles.more}>
              <Button
                variant="secondary"
                size="small"
                loading={list.loadingMore}
                onClick={() => void list.loadMore()}
              >
                {list.loadingMore ? notificationTexts.loadingMore : notificationTexts.loadMore}
              </Button>
            </div>
          )}
        </>
      )}
    </Modal>
  );
}
