import { Type } from 'typebox';
import type { Static } from 'typebox';
import { Message } from './message.ts';
import type { Notification } from './notification.ts';
import { PostAuthor } from './post.ts';

/**
 * The real-time stream `GET /api/events?ticket=...` (server-sent events). An EventSource cannot
 * send an Authorization header, so the page first trades its token for a ticket:
 * `POST /api/events/ticket` -> `{ticket, expiresIn}`; a ticket works once, for 60 seconds.
 */
export const EVENT_TICKET_TTL_SECONDS = 60;
/** A comment line this often keeps proxies from closing an idle stream. */
export const EVENT_HEARTBEAT_MS = 25_000;

export const EventTicket = Type.Object({ ticket: Type.String(), expiresIn: Type.Integer() });
export type EventTicket = Static<typeof EventTicket>;

export const EventsQuery = Type.Object({
  ticket: Type.String({ maxLength: 128 }),
  /** A fresh EventSource cannot send Last-Event-ID, so a reconnect may pass it here. */
  lastEventId: Type.Optional(Type.String({ maxLength: 32 })),
});
export type EventsQuery = Static<typeof EventsQuery>;

/** `event: unread` — the caller's badge counts, sent on connect and after every change. */
export const UnreadEvent = Type.Object({
  notifications: Type.Integer(),
  messages: Type.Integer(),
});
export type UnreadEvent = Static<typeof UnreadEvent>;

/** `event: message` — a direct message to (or from another tab of) the caller. */
export const MessageEvent = Type.Object({ message: Message, from: PostAuthor });
export type MessageEvent = Static<typeof MessageEvent>;

/** `event: notification` carries a `Notification`. */
export type NotificationEvent = Notification;

/**
 * `event: ended` — the account was banned: every stream of the user closes right after it, on
 * every instance, and the page signs out (its next request answers 401).
 */
export const EndedEvent = Type.Object({ reason: Type.String() });
export type EndedEvent = Static<typeof EndedEvent>;

export interface StreamEvents {
  notification: NotificationEvent;
  message: MessageEvent;
  unread: UnreadEvent;
  ended: EndedEvent;
}
export type StreamEventName = keyof StreamEvents;
