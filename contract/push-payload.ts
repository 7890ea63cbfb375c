/**
 * What a Web Push message carries, shared by the server that words it and the service worker
 * that shows it (plain types, no TypeBox, so the worker stays small).
 */

/** The kinds of news a person may choose to receive as a push, each switched on its own. */
export const PUSH_KINDS = ['message', 'comment', 'reply', 'follow', 'review'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** Per-kind switches, stored with the user's settings. */
export type PushPreferences = Record<PushKind, boolean>;

export const DEFAULT_PUSH_PREFERENCES: PushPreferences = {
  message: true,
  comment: true,
  reply: true,
  follow: true,
  review: true,
};

/** The encrypted body of one push message (JSON). */
export interface PushPayload {
  title: string;
  body: string;
  /** A same-origin path the notification opens when clicked. */
  url: string;
  /** Notifications with one tag replace each other (e.g. several messages from one person). */
  tag: string;
}
