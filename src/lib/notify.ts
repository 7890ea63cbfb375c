import { useEffect } from 'react';
import toast, { useToasterStore, type ToasterProps } from 'react-hot-toast';
import { errorText } from '../../contract/messages';
import { ApiError, isCancelled } from './api/client';
import {
  NOTICE_COOLDOWN_MS,
  NOTICE_DURATION_MS,
  TOAST_DURATION_MS,
  TOAST_LIMIT,
  TOAST_TOP_OFFSET_PX,
} from './constants';

const lastShownAt = new Map<string, number>();

/** SPEC.md sections 8 and 9: the same message shows at most once per 10 s. */
function cooledDown(message: string): boolean {
  const now = Date.now();
  const last = lastShownAt.get(message);
  if (last !== undefined && now - last < NOTICE_COOLDOWN_MS) return false;
  lastShownAt.set(message, now);
  return true;
}

function showError(message: string): void {
  if (cooledDown(message)) toast.error(message, { id: message });
}

/** The network notice: longer than a toast, and at most once per 10 s however many calls fail. */
function showNotice(message: string): void {
  if (cooledDown(message)) toast(message, { id: message, duration: NOTICE_DURATION_MS });
}

/** A call the fetch wrapper gave up on because the network never answered. */
const isNetworkFailure = (error: unknown) =>
  error instanceof ApiError && error.status === 0 && error.message === errorText.networkLost;

/** Toasts; the <Toaster> in the app shell places them top right for 3 s, paused on hover. */
export const notify = {
  success: (message: string) => {
    toast.success(message);
  },
  info: (message: string) => {
    toast(message);
  },
  error: showError,
  notice: showNotice,
  /**
   * Shows what went wrong with a call: the server's text when it sent one (ApiError carries
   * it), else the feature's default; a lost network as the network notice. A request the
   * caller cancelled shows nothing.
   */
  failure: (error: unknown, fallback: string = errorText.requestFailed) => {
    if (isCancelled(error)) return;
    if (isNetworkFailure(error)) {
      showNotice(errorText.networkLost);
      return;
    }
    showError(error instanceof Error && error.message ? error.message : fallback);
  },
};

/** The <Toaster> settings of SPEC.md section 9 (top right, 3 s, 8 px from the top). */
export const toasterSettings = {
  position: 'top-right',
  containerStyle: { top: TOAST_TOP_OFFSET_PX },
  toastOptions: { duration: TOAST_DURATION_MS },
} satisfies ToasterProps;

/**
 * "at most 3", "stack threshold 3": react-hot-toast keeps up to 20, so the oldest visible
 * toasts beyond three are dismissed (newest first in its list).
 */
export function useToastLimit(limit = TOAST_LIMIT): void {
  const { toasts } = useToasterStore();
  useEffect(() => {
    toasts
      .filter((item) => item.visible)
      .slice(limit)
      .forEach((item) => toast.dismiss(item.id));
  }, [toasts, limit]);
}
