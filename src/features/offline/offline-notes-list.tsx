import { BookOpen, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../components/empty-state';
import { SmartImage } from '../../components/smart-image';
import { formatTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import { getSavedNotes, removeSavedNote } from './saved-notes-api';
import type { SavedNoteSummary } from './saved-notes-api';
import { useWorkerControlled } from './service-worker';
import { offlineTexts } from './texts';
import styles from './offline-notes-list.module.css';

const texts = offlineTexts.saved;

type ListState =
  { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; notes: SavedNoteSummary[] };

/** The profile's 离线阅读 list: notes stored with 保存离线阅读, readable with no network. */
export function OfflineNotesList() {
  const supported = useWorkerControlled();
  const [state, setState] = useState<ListState>({ kind: 'loading' });

  useEffect(() => {
    if (!supported) return;
    let current = true;
    getSavedNotes()
      .then(({ notes }) => {
        if (current) setState({ kind: 'ready', notes });
      })
      .catch(() => {
        if (current) setState({ kind: 'error' });
      });
    return () => {
      current = false;
    };
  }, [supported]);

  const remove = async (id: string) => {
    try {
      await removeSavedNote(id);
      setState((previous) =>
        previous.kind === 'ready'
          ? { kind: 'ready', notes: previous.notes.filter((note) => note.id !== id) }
          : previous,
      );
      notify.info(texts.removedToast);
    } catch (error) {
      notify.failure(error);
    }
  };

  if (!supported) return <p className={styles.notice}>{texts.unsupported}</p>;
  if (state.kind === 'loading') {
    return (
      <ul className={styles.list} aria-busy="true" aria-label={texts.listTitle}>
        {[0, 1, 2].map((index) => (
          <li key={index} className={`${styles.item} ${styles.skeleton}`} />
        ))}
      </ul>
    );
  }
  if (state.kind === 'error') return <p className={styles.notice}>{texts.listError}</p>;
  if (state.notes.length === 0) {
    return (
      <EmptyState
        icon={<BookOpen size={28} />}
        title={texts.listEmpty}
        description={texts.listEmptyHint}
      />
    );
  }
  return (
    <ul className={styles.list} aria-label={texts.listTitle}>
      {state.notes.map((note) => (
        <li key={note.id} className={styles.item}>
          <Link to={`/post/${note.id}`} className={styles.link}>
            {note.cover ? (
              <SmartImage
                src={note.cover.url}
                alt=""
                width={note.cover.width}
                height={note.cover.height}
                className={styles.cover}
              />
            ) : (
              <span className={styles.cover} aria-hidden="true" />
            )}
            <span className={styles.text}>
              <span className={styles.title}>{note.title}</span>
              <span className={styles.meta}>
                {note.authorName} · {texts.savedAt(formatTime(note.savedAt))}
              </span>
            </span>
          </Link>
          <button
            type="button"
            className={styles.remove}
            aria-label={`${texts.remove}：${note.title}`}
            title={texts.remove}
            onClick={() => void remove(note.id)}
          >
            <Trash2 size={16} aria-hidden />
          </button>
        </li>
      ))}
    </ul>
  );
}
