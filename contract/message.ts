import { Type } from 'typebox';
import type { Static } from 'typebox';
import { IdParam, Pagination } from './common.ts';
import { errorText } from './messages.ts';
import { PostAuthor } from './post.ts';

export const MESSAGE_MAX_LENGTH = 2000;

export const SendMessageBody = Type.Object(
  {
    recipientId: Type.String({
      pattern: '^[1-9][0-9]{0,15}$',
      errorMessage: errorText.userNotFound,
    }),
    // Blank-only content is refused by the service after trimming.
    content: Type.String({
      minLength: 1,
      maxLength: MESSAGE_MAX_LENGTH,
      errorMessage: {
        minLength: errorText.messageRequired,
        maxLength: errorText.messageTooLong,
        type: errorText.messageRequired,
      },
    }),
  },
  {
    errorMessage: {
      required: { recipientId: errorText.recipientRequired, content: errorText.messageRequired },
    },
  },
);
export type SendMessageBody = Static<typeof SendMessageBody>;

export const Message = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  senderId: Type.String(),
  recipientId: Type.String(),
  content: Type.String(),
  /** ISO 8601. */
  createdAt: Type.String(),
  /** When the recipient read it; null while unread. */
  readAt: Type.Union([Type.String(), Type.Null()]),
  /** Only for its sender, when an admin hid the message after a report: why. */
  hiddenReason: Type.Optional(Type.String()),
});
export type Message = Static<typeof Message>;

/** One conversation of the caller, newest first in the list. */
export const Conversation = Type.Object({
  /** The other person. */
  user: PostAuthor,
  lastMessage: Message,
  /** Messages from the other person the caller has not read yet. */
  unreadCount: Type.Integer(),
  updatedAt: Type.String(),
});
export type Conversation = Static<typeof Conversation>;

export const ConversationList = Type.Object({
  conversations: Type.Array(Conversation),
  ...Pagination,
});
export type ConversationList = Static<typeof ConversationList>;

/** A page of one thread: oldest first inside the page; page 1 holds the newest messages. */
export const MessageThread = Type.Object({
  user: PostAuthor,
  messages: Type.Array(Message),
  ...Pagination,
});
export type MessageThread = Static<typeof MessageThread>;

export const UserIdParams = Type.Object({ userId: IdParam });
export type UserIdParams = Static<typeof UserIdParams>;

/** `GET /api/messages/unread-count` and `GET /api/notifications/unread-count`. */
export const UnreadCount = Type.Object({ count: Type.Integer() });
export type UnreadCount = Static<typeof UnreadCount>;
