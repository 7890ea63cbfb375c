import { CloudUpload } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import type { OutboxItem } from '../../../shared/offline/outbox';
import { outboxTexts as texts } from './outbox-texts';
import { useOutbox } from './use-outbox';
import styles from './outbox-notes.module.css';

const STATUS_LABEL: Record<OutboxItem['status'], string> = {
  waiting: texts.noteWaiting,
  sending: texts.sending,
  failed: texts.failed,
};

/** The first picture of an outbox note: a stored upload, or the chosen file (an object URL). */
function useCoverUrl(item: OutboxItem): string | null {
  const first = item.images[0];
  const blob = first?.kind === 'local' ? first.blob : null;
  const [blobUrl, setBlobUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const url = URL.createObjectURL(blob);
    setBlobUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  if (first?.kind === 'uploaded') return first.image.url;
  return blob ? blobUrl : null;
}

function OutboxNoteCard({ item }: { item: OutboxItem }) {
  const cover = useCoverUrl(item);
  return (
    <li className={styles.card}>
      {cover ? (
        <img className={styles.cover} src={cover} alt="" />
      ) : (
        <span className={styles.cover} aria-hidden />
      )}
      <div className={styles.body}>
        <p className={styles.title}>{item.body.title || texts.untitled}</p>
        <p className={`${styles.status} ${styles[item.status]}`}>
          <CloudUpload size={14} aria-hidden />
          {item.status === 'failed' && item.error
            ? `${STATUS_LABEL.failed}：${item.error}`
            : STATUS_LABEL[item.status]}
        </p>
      </div>
    </li>
  );
}

/**
 * 我的笔记's notes published while offline: they are in the outbox, not yet on the server, so
 * the server's list cannot show them; here they are, marked as waiting to be sent.
 */
export function OutboxNotes() {
  const items = useOutbox();
  const notes = useMemo(() => items.filter((item) => item.kind === 'publish'), [items]);
  if (notes.length === 0) return null;
  return (
    <section className={styles.section} aria-label={texts.notesWaiting}>
      <h2 className={styles.heading}>{texts.notesWaiting}</h2>
      <ul className={styles.list}>
        {notes.map((item) => (
          <OutboxNoteCard key={item.id} item={item} />
        ))}
      </ul>
    </section>
  );
}
