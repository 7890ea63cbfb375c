import { BookmarkCheck, BookmarkPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../components/button';
import { notify } from '../../lib/notify';
import { isNoteSaved, removeSavedNote, saveNoteOffline } from './saved-notes-api';
import { useWorkerControlled } from './service-worker';
import { offlineTexts } from './texts';
import styles from './save-offline-button.module.css';

const texts = offlineTexts.saved;

/**
 * 保存离线阅读 on a note: the worker stores the note and its images until the reader removes
 * them. Hidden where no service worker controls the page (nothing could store it).
 */
export function SaveOfflineButton({ postId }: { postId: string }) {
  const [saved, setSaved] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const supported = useWorkerControlled();

  useEffect(() => {
    if (!supported) return;
    let current = true;
    isNoteSaved(postId)
      .then(({ saved: isSaved }) => {
        if (current) setSaved(isSaved);
      })
      .catch(() => {
        if (current) setSaved(false);
      });
    return () => {
      current = false;
    };
  }, [postId, supported]);

  if (!supported || saved === null) return null;

  const toggle = async () => {
    setBusy(true);
    try {
      if (saved) {
        await removeSavedNote(postId);
        setSaved(false);
        notify.info(texts.removedToast);
      } else {
        await saveNoteOffline(postId);
        setSaved(true);
        notify.success(texts.savedToast);
      }
    } catch (error) {
      notify.failure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      variant="secondary"
      size="small"
      className={styles.button}
      loading={busy}
      loadingLabel={texts.saving}
      aria-pressed={saved}
      title={saved ? texts.remove : texts.save}
      onClick={() => void toggle()}
    >
      {saved ? <BookmarkCheck size={16} aria-hidden /> : <BookmarkPlus size={16} aria-hidden />}
      {saved ? texts.saved : texts.save}
    </Button>
  );
}
