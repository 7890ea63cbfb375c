import type { ColumnType, Generated } from 'kysely';

/**
 * Table types shared by both dialects. Timestamps are epoch milliseconds and booleans are
 * 0/1 integers so that SQLite and PostgreSQL return identical rows to the repositories.
 */
type Id = Generated<number>;
type Millis = number;
type Flag = ColumnType<number, number | undefined, number>;

export interface UsersTable {
  id: Id;
  username: string;
  email: string | null;
  phone: string | null;
  password_hash: string | null;
  avatar: string | null;
  bio: string;
  is_admin: Flag;
  premium_end_at: Millis | null;
  atmosphere_value: ColumnType<number, number | undefined, number>;
  /** JSON object of notification preferences and theme. */
  settings: string;
  last_login_day: string | null;
  pinned_post_id: number | null;
  created_at: Millis;
  updated_at: Millis;
  /** Cannot publish, comment or message before this time (migration 010). */
  muted_until: Millis | null;
  mute_reason: string | null;
  /** Cannot sign in while set (migration 010). */
  banned_at: Millis | null;
  ban_reason: string | null;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: Millis;
  expires_at: Millis;
  revoked_at: Millis | null;
  user_agent: string | null;
  ip: string | null;
}

export interface SocialAccountsTable {
  id: Id;
  user_id: number;
  provider: string;
  openid: string;
  nickname: string | null;
  avatar: string | null;
  created_at: Millis;
}

export interface CategoriesTable {
  id: Id;
  slug: string;
  name: string;
  sort_order: number;
}

export interface PostsTable {
  id: Id;
  author_id: number;
  title: string;
  content: string;
  excerpt: string;
  category_id: number;
  /** JSON array of strings. */
  tags: string;
  /** JSON array of {url, width, height}. */
  images: string;
  cover_url: string | null;
  cover_width: number | null;
  cover_height: number | null;
  status: 'pending' | 'approved' | 'rejected';
  reject_reason: string | null;
  price_cents: ColumnType<number, number | undefined, number>;
  likes_count: ColumnType<number, number | undefined, number>;
  favorites_count: ColumnType<number, number | undefined, number>;
  comments_count: ColumnType<number, number | undefined, number>;
  created_at: Millis;
  updated_at: Millis;
  published_at: Millis | null;
  /** The 推荐 order (server/modules/posts/feed-rank.ts); null until first published. */
  rank_score: ColumnType<number | null, number | null | undefined, number | null>;
  /** Likes while published and at most a week old (最热), else null. */
  week_likes: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface LikesTable {
  user_id: number;
  post_id: number;
  created_at: Millis;
}

export type FavoritesTable = LikesTable;

export interface CommentsTable {
  id: Id;
  post_id: number;
  author_id: number;
  parent_id: number | null;
  reply_to_user_id: number | null;
  content: string;
  created_at: Millis;
  deleted_at: Millis | null;
  /** Set when an admin hides the comment after a report (migration 008): only its author sees it. */
  hidden_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface FollowsTable {
  follower_id: number;
  followee_id: number;
  created_at: Millis;
}

export interface DraftsTable {
  id: Id;
  user_id: number;
  /** The browser's own id for the draft, so a local and a server copy can be matched. */
  client_id: string;
  title: string;
  /** JSON of the whole editor state (content, category, tags, images, price). */
  data: string;
  edited_at: Millis;
  created_at: Millis;
  updated_at: Millis;
}

export interface DraftVersionsTable {
  id: Id;
  draft_id: number;
  title: string;
  data: string;
  edited_at: Millis;
  created_at: Millis;
}

export interface NotificationsTable {
  id: Id;
  user_id: number;
  actor_id: number | null;
  type: string;
  post_id: number | null;
  comment_id: number | null;
  /** JSON with type-specific details (reason, excerpt). */
  data: string;
  read_at: Millis | null;
  created_at: Millis;
}

export interface MessagesTable {
  id: Id;
  sender_id: number;
  recipient_id: number;
  /** "smallerId:largerId", so one index serves a whole conversation. */
  conversation_key: string;
  content: string;
  created_at: Millis;
  read_at: Millis | null;
  /** Set when an admin hides the message after a report (migration 008): only its sender sees it. */
  hidden_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One row per participant of a conversation (migration 003), the inbox's index. */
export interface ConversationsTable {
  user_id: number;
  other_id: number;
  last_message_id: number;
  last_at: Millis;
  /** Messages from other_id that user_id has not read. */
  unread_count: ColumnType<number, number | undefined, number>;
}

export interface FeedbackTable {
  id: Id;
  user_id: number | null;
  type: string;
  content: string;
  contact_info: string | null;
  /** JSON array of upload URLs. */
  screenshots: string;
  created_at: Millis;
}

export interface VerificationCodesTable {
  id: Id;
  phone: string;
  purpose: string;
  code_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  ip: string | null;
  expires_at: Millis;
  used_at: Millis | null;
  created_at: Millis;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  expires_at: Millis;
  used_at: Millis | null;
  created_at: Millis;
}

export interface OrdersTable {
  id: string;
  user_id: number;
  kind: 'membership' | 'post';
  plan_id: string | null;
  post_id: number | null;
  amount_cents: number;
  status: 'pending' | 'paid' | 'failed' | 'refunded';
  provider: string;
  provider_txn: string | null;
  created_at: Millis;
  paid_at: Millis | null;
}

export interface PurchasesTable {
  user_id: number;
  post_id: number;
  order_id: string;
  created_at: Millis;
}

export interface AtmosphereEventsTable {
  id: Id;
  user_id: number;
  kind: string;
  /** What earned the points (post id, liker:post...), unique per user and kind to stop farming. */
  ref: string;
  points: number;
  day: string;
  created_at: Millis;
}

export interface IdempotencyKeysTable {
  /** `u:<user id>`, or `a:<client address>` for a caller not signed in. */
  scope: string;
  key: string;
  /** sha-256 (hex) of method, path and body of the first request. */
  fingerprint: string;
  /** The first answer, replayed for a retried write; null while it is being made. */
  status: number | null;
  content_type: string | null;
  response: string | null;
  created_at: Millis;
  expires_at: Millis;
  /** Set in the write's own transaction when it commits (server/db/keyed-writes.ts). */
  committed_at: Millis | null;
  /** What the write created (a note's id), so a retry without an answer can be given one. */
  resource: string | null;
  /** When the process running the write last said it still does (null: not yet). */
  renewed_at: Millis | null;
}

export interface ModerationEventsTable {
  id: Id;
  post_id: number;
  admin_id: number;
  action: string;
  reason: string | null;
  created_at: Millis;
}

export interface UploadsTable {
  name: string;
  owner_id: number | null;
  post_id: number | null;
  mime: string;
  width: number;
  height: number;
  bytes: number;
  created_at: Millis;
}

export interface UploadQuotaTable {
  user_id: number;
  /** Days since 1970 in China Standard Time (UTC+8), when the site's day starts for its users. */
  day: number;
  count: number;
  bytes: number;
}

/** A report (举报) of a note, comment, user or message (migration 008). */
export interface ReportsTable {
  id: Id;
  reporter_id: number;
  target_type: 'post' | 'comment' | 'user' | 'message';
  target_id: number;
  /** Whose content it is, kept for the admin's view when the content is gone. */
  target_author_id: number | null;
  reason: string;
  detail: string | null;
  /** JSON of the content as it was when reported. */
  snapshot: string;
  status: 'open' | 'resolved';
  action: 'hide' | 'delete' | 'ban' | 'dismiss' | null;
  resolved_by: number | null;
  resolved_at: Millis | null;
  created_at: Millis;
}

/** The sensitive-word list (migration 009). */
export interface SensitiveWordsTable {
  word: string;
  created_at: Millis;
}

/** What an admin did, newest first by id (migration 010). */
export interface AdminAuditTable {
  id: Id;
  admin_id: number;
  action: string;
  target_type: string;
  target_id: number;
  reason: string | null;
  detail: string | null;
  created_at: Millis;
}

/** A browser's Web Push subscription; the endpoint names it (migration 011). */
export interface PushSubscriptionsTable {
  id: Id;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Millis;
  updated_at: Millis;
}

/** One row per published note and tag key (migration 012): tag pages and followed tags. */
export interface PostTagsTable {
  post_id: number;
  tag: string;
  published_at: Millis;
}

/** The tags a user follows (migration 012). */
export interface TagFollowsTable {
  user_id: number;
  tag: string;
  created_at: Millis;
}

/** Users a note's text has notified of a mention, once each (migration 012). */
export interface PostMentionsTable {
  post_id: number;
  user_id: number;
  created_at: Millis;
}

export interface Database {
  upload_quota: UploadQuotaTable;
  users: UsersTable;
  sessions: SessionsTable;
  social_accounts: SocialAccountsTable;
  categories: CategoriesTable;
  posts: PostsTable;
  likes: LikesTable;
  favorites: FavoritesTable;
  comments: CommentsTable;
  follows: FollowsTable;
  drafts: DraftsTable;
  draft_versions: DraftVersionsTable;
  notifications: NotificationsTable;
  messages: MessagesTable;
  conversations: ConversationsTable;
  feedback: FeedbackTable;
  verification_codes: VerificationCodesTable;
  password_resets: PasswordResetsTable;
  orders: OrdersTable;
  purchases: PurchasesTable;
  atmosphere_events: AtmosphereEventsTable;
  idempotency_keys: IdempotencyKeysTable;
  moderation_events: ModerationEventsTable;
  uploads: UploadsTable;
  reports: ReportsTable;
  sensitive_words: SensitiveWordsTable;
  admin_audit: AdminAuditTable;
  push_subscriptions: PushSubscriptionsTable;
  post_tags: PostTagsTable;
  tag_follows: TagFollowsTable;
  post_mentions: PostMentionsTable;
}
