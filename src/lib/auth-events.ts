/**
 * The window events of SPEC.md section 4 (and the panels the header and footer open). They are
 * plain CustomEvents on `window`, so any module, tab-local, can raise or hear them without
 * importing the module that reacts.
 */
export interface AppEventMap {
  'open-login-modal': { from?: string } | undefined;
  /** Carries the id of the user who just signed in. */
  'login-success': string;
  'auth-state-updated': undefined;
  /** Sign-out, an expired session, or an atmosphere-value / membership update. */
  'auth-change': { reason: 'login' | 'logout' | 'expired' | 'user-updated' };
  'refresh-user-data': undefined;
  /** A 401 on an admin call. */
  'auth-expired': undefined;
  'open-feedback-modal': undefined;
  'open-notifications-panel': undefined;
  /** With a user id, the panel opens the thread with that user (私信 on a profile). */
  'open-messages-panel': { userId?: string } | undefined;
}

export type AppEventName = keyof AppEventMap;

export function emitAppEvent<K extends AppEventName>(
  ...[name, detail]: undefined extends AppEventMap[K]
    ? [name: K, detail?: AppEventMap[K]]
    : [name: K, detail: AppEventMap[K]]
): void {
  window.dispatchEvent(new CustomEvent(name, { detail }));
}

/** Subscribes to one app event; returns the unsubscribe function (handy as an effect cleanup). */
export function onAppEvent<K extends AppEventName>(
  name: K,
  listener: (detail: AppEventMap[K]) => void,
): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<AppEventMap[K]>).detail);
  window.addEventListener(name, handler);
  return () => window.removeEventListener(name, handler);
}
