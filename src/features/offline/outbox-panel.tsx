import { Button } from '../../components/button';
import { Modal } from '../../components/modal';
import { discardOutboxItem, retryOutboxItem } from '../../../shared/offline/outbox';
import type { OutboxItem } from '../../../shared/offline/outbox';
import { replayNow } from './outbox-sync';
import { outboxTexts as texts } from './outbox-texts';
import styles from './outbox-panel.module.css';

const STATUS_LABEL: Record<OutboxItem['status'], string> = {
  waiting: texts.waiting,
  sending: texts.sending,
  failed: texts.failed,
};

const KIND_LABEL: Record<OutboxItem['kind'], string> = {
  publish: texts.publishKind,
  update: texts.updateKind,
  draft: texts.draftKind,
};

async function retry(item: OutboxItem): Promise<void> {
  if (item.status === 'failed') await retryOutboxItem(item.id);
  replayNow();
}

function discard(item: OutboxItem): void {
  if (window.confirm(texts.discardConfirm)) void discardOutboxItem(item.id);
}

/** The outbox list: 等待中 / 发送中 / 失败 with the reason, 重试 and 放弃. */
export default function OutboxPanel({
  items,
  onClose,
}: {
  items: OutboxItem[];
  onClose: () => void;
}) {
  return (
    <Modal open onClose={onClose} title={texts.title} width={480}>
      {items.length === 0 ? (
        <p className={styles.empty}>{texts.empty}</p>
      ) : (
        <ul className={styles.list}>
          {items.map((item) => (
            <li key={item.id} className={styles.item}>
              <div className={styles.heading}>
                <span className={styles.kind}>{KIND_LABEL[item.kind]}</span>
                <span className={styles.title}>{item.body.title || texts.untitled}</span>
                <span className={`${styles.status} ${styles[item.status]}`}>
                  {STATUS_LABEL[item.status]}
                </span>
              </div>
              {item.images.length > 0 && (
                <p className={styles.meta}>{texts.images(item.images.length)}</p>
              )}
              {item.error && <p className={styles.error}>{item.error}</p>}
              <div className={styles.actions}>
                <Button
                  size="small"
                  variant="secondary"
                  disabled={item.status === 'sending'}
                  onClick={() => void retry(item)}
                >
                  {texts.retry}
                </Button>
                <Button
                  size="small"
                  variant="ghost"
                  disabled={item.status === 'sending'}
                  onClick={() => discard(item)}
                >
                  {texts.discard}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
