import toast from 'react-hot-toast';
import { errorText } from '../../contract/messages';
import { isCancelled } from './api/client';
import { NOTICE_COOLDOWN_MS } from './constants';

const lastShownAt = new Map<string, number>();

/** SPEC.md section 8: the same error text shows at most once per 10 s. */
function showError(message: string): void {
  const now = Date.now();
  const last = lastShownAt.get(message);
  if (last !== undefined && now - last < NOTICE_COOLDOWN_MS) return;
  lastShownAt.set(message, now);
  toast.error(message, { id: message });
}

/** Toasts; the <Toaster> in the app shell places them top right for 3 s, paused on hover. */
export const notify = {
  success: (message: string) => {
    toast.success(message);
  },
  info: (message: string) => {
    toast(message);
  },
  error: showError,
  /**
   * Shows what went wrong with a call: the server's text when it sent one (ApiError carries
   * it), else the feature's default. A request the caller cancelled shows nothing.
   */
  failure: (error: unknown, fallback: string = errorText.requestFailed) => {
    if (isCancelled(error)) return;
    showError(error instanceof Error && error.message ? error.message : fallback);
  },
};
