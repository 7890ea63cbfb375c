import { ChevronLeft, RotateCw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { formatTime } from '../../../lib/format';
import { useThread } from '../hooks/use-thread';
import { messageTexts } from '../texts';
import { Composer } from './composer';
import styles from './messages-panel.module.css';
import { ReportButton } from '../../../components/report/report-button';

export interface ThreadViewProps {
  userId: string;
  me: string;
  /** Back to the list; absent beside the list (the two-pane inbox), where there is no back. */
  onBack?: () => void;
  onLeave: () => void;
}

export function ThreadView({ userId, me, onBack, onLeave }: ThreadViewProps) {
  const thread = useThread(userId, me);
  const scroller = useRef<HTMLDivElement>(null);
  const lastKey = thread.items.at(-1)?.key;

  // New messages at the bottom bring the view down to them; loading earlier ones does not.
  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [lastKey, thread.status]);

  const name = thread.other?.username ?? '';
  return (
    <div className={styles.thread}>
      <div className={styles.threadHeader}>
        {onBack && (
          <button
            type="button"
            className={styles.back}
            onClick={onBack}
            aria-label={messageTexts.back}
          >
            <ChevronLeft size={20} aria-hidden="true" />
          </button>
        )}
        {thread.other && (
          <Link
            to={`/profile/${thread.other.id}`}
            className={styles.peer}
            onClick={onLeave}
            aria-label={messageTexts.openProfile(name)}
          >
            <Avatar src={thread.other.avatar} alt="" size={32} />
            <span className={styles.name}>{name}</span>
          </Link>
        )}
      </div>
      <div className={styles.scroller} ref={scroller} aria-live="polite">
        {thread.status === 'loading' ? (
          <div className={styles.centered}>
            <Spinner label={messageTexts.loadingThread} />
          </div>
        ) : (
          <>
            {thread.hasEarlier && (
              <div className={styles.earlier}>
                <Button
                  variant="ghost"
                  size="small"
                  loading={thread.loadingEarlier}
                  onClick={() => void thread.loadEarlier()}
                >
                  {messageTexts.earlier}
                </Button>
              </div>
            )}
            {thread.items.length === 0 && (
              <p className={styles.threadEmpty}>{messageTexts.threadEmpty(name)}</p>
            )}
            <ol className={styles.bubbles}>
              {thread.items.map((item) => {
                const mine = item.message.senderId === me;
                return (
                  <li key={item.key} className={mine ? `${styles.row} ${styles.mine}` : styles.row}>
                    <div className={styles.bubble}>{item.message.content}</div>
                    {item.message.hiddenReason && (
                      <p className={styles.failed} role="note">
                        {item.message.hiddenReason}
                      </p>
                    )}
                    <div className={styles.meta}>
                      {item.state === 'sending' && <span>{messageTexts.sending}</span>}
                      {item.state === 'failed' && (
                        <>
                          <span className={styles.failed} role="alert">
                            {messageTexts.failed}
                          </span>
                          <button
                            type="button"
                            className={styles.retry}
                            onClick={() => thread.retry(item.key)}
                          >
                            <RotateCw size={12} aria-hidden="true" />
                            {messageTexts.retry}
                          </button>
                        </>
                      )}
                      {item.state === 'sent' && (
                        <time dateTime={item.message.createdAt}>
                          {formatTime(item.message.createdAt)}
                        </time>
                      )}
                      {item.state === 'sent' && !mine && (
                        <ReportButton
                          targetType="message"
                          targetId={item.message.id}
                          className={styles.retry}
                        />
                      )}
                    </div>
                  </li>
                );
              })}
            </ol>
          </>
        )}
      </div>
      <Composer onSend={thread.send} />
    </div>
  );
}
