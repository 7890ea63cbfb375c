import type * as ToastLibrary from 'react-hot-toast';
import type { ToasterProps } from 'react-hot-toast';
import { errorText } from '../../contract/page-messages';
import { ApiError, isCancelled } from './api/client';
import {
  NOTICE_COOLDOWN_MS,
  NOTICE_DURATION_MS,
  TOAST_DURATION_MS,
  TOAST_TOP_OFFSET_PX,
} from './constants';
import { markToastRequested } from './toast-request';

/**
 * The toast library loads with the first toast (it is not needed to draw a page), and with it
 * the app shell's toast stack (toast-request.ts).
 */
let toastLibrary: Promise<typeof ToastLibrary> | undefined;

const withToast = (show: (toast: typeof ToastLibrary.default) => void) => {
  toastLibrary ??= import('react-hot-toast');
  markToastRequested();
  void toastLibrary.then((module) => show(module.default));
};

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
  if (cooledDown(message)) withToast((toast) => toast.error(message, { id: message }));
}

/** The network notice: longer than a toast, and at most once per 10 s however many calls fail. */
function showNotice(message: string): void {
  if (cooledDown(message)) {
    withToast((toast) => toast(message, { id: message, duration: NOTICE_DURATION_MS }));
  }
}

/** A call the fetch wrapper gave up on because the network never answered. */
const isNetworkFailure = (error: unknown) =>
  error instanceof ApiError && error.status === 0 && error.message === errorText.networkLost;

/** Toasts; the <Toaster> in the app shell places them top right for 3 s, paused on hover. */
export const notify = {
  success: (message: string) => withToast((toast) => toast.success(message)),
  info: (message: string) => withToast((toast) => toast(message)),
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

/**
 * The <Toaster> settings of SPEC.md section 9: top right, 3 s, 8 px from the top of the page
 * below the sticky header, so a toast never covers the avatar or the bell. A toast slides in
 * from above its place, across the header: the stack is clipped at the header's lower edge (and
 * only there, so shadows still show), so that no toast takes a click meant for the header while
 * it comes in, as one did for the account menu right after a purchase.
 */
export const toasterSettings = {
  position: 'top-right',
  containerStyle: {
    top: `calc(var(--header-height) + ${TOAST_TOP_OFFSET_PX}px)`,
    clipPath: `inset(-${TOAST_TOP_OFFSET_PX}px -100vw -100vh -100vw)`,
  },
  toastOptions: { duration: TOAST_DURATION_MS },
} satisfies ToasterProps;
