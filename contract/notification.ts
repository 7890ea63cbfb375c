import { Type } from 'typebox';
import type { Static } from 'typebox';
import { Pagination } from './common.ts';
import { ImageRef, PostAuthor } from './post.ts';

export const NOTIFICATION_TYPES = [
  'like',
  'favorite',
  'comment',
  'reply',
  'follow',
  'message',
  /** Someone I follow published a note. */
  'new_post',
  'post_approved',
  'post_rejected',
  /** A report I made was handled (`outcome` says how, `reportTarget` what it was). */
  'report_resolved',
  /** Someone named me (`@用户名`) in a note (no commentId) or a comment. */
  'mention',
] as const;

export const NotificationType = Type.Enum(NOTIFICATION_TYPES);
export type NotificationType = Static<typeof NotificationType>;

export const NotificationPost = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  title: Type.String(),
  cover: Type.Union([ImageRef, Type.Null()]),
});
export type NotificationPost = Static<typeof NotificationPost>;

/**
 * One notification. The browser words it from `type` plus these fields (its texts module holds
 * the Chinese), so the server never sends display sentences.
 */
export const Notification = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  type: NotificationType,
  /** Who did it; null for the system (never for the types above, kept for deleted users). */
  actor: Type.Union([PostAuthor, Type.Null()]),
  post: Type.Union([NotificationPost, Type.Null()]),
  commentId: Type.Union([Type.String(), Type.Null()]),
  /** The comment, reply or message, shortened. */
  excerpt: Type.Union([Type.String(), Type.Null()]),
  /** Why a note was rejected. */
  reason: Type.Union([Type.String(), Type.Null()]),
  /** report_resolved only: what the admin did (hide, delete, ban, dismiss) and to what kind of content. */
  outcome: Type.Optional(Type.String()),
  reportTarget: Type.Optional(Type.String()),
  isRead: Type.Boolean(),
  /** ISO 8601. */
  createdAt: Type.String(),
});
export type Notification = Static<typeof Notification>;

export const NotificationList = Type.Object({
  notifications: Type.Array(Notification),
  ...Pagination,
  unreadCount: Type.Integer(),
});
export type NotificationList = Static<typeof NotificationList>;
