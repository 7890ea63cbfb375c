import { notify } from '../../lib/notify';
import { noteTexts } from './note-texts';

/** Shares a note through the system sheet where there is one, else copies its link. */
export async function shareNote(title: string, url: string): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    notify.success(noteTexts.linkCopied);
  } catch {
    notify.error(noteTexts.shareFailed);
  }
}
