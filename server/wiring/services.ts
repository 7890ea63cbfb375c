import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { DialectName } from '../db/database.ts';
import type { PostingsThread } from '../db/postings-thread.ts';
import type { ReadPool } from '../db/read-pool.ts';
import type { Database } from '../db/schema.ts';
import type { DomainEventBus } from '../plugins/domain-events.ts';
import { createModerationRepository } from '../modules/admin/moderation-repository.ts';
import { createModerationService } from '../modules/admin/moderation-service.ts';
import { createStatsRepository } from '../modules/admin/stats-repository.ts';
import { createStatsService } from '../modules/admin/stats-service.ts';
import { createAtmosphereService } from '../modules/atmosphere/atmosphere-service.ts';
import type { AttemptStore } from '../modules/auth/attempt-store.ts';
import { createAuthService } from '../modules/auth/auth-service.ts';
import { createAccountOpener, createSessionIssuer } from '../modules/auth/session-issuer.ts';
import { createSessionRepository } from '../modules/auth/session-repository.ts';
import { createCategoryCatalog } from '../modules/categories/category-catalog.ts';
import { createCommentRepository } from '../modules/comments/comment-repository.ts';
import { createCommentService } from '../modules/comments/comment-service.ts';
import { createDraftRepository } from '../modules/drafts/draft-repository.ts';
import { createDraftService } from '../modules/drafts/draft-service.ts';
import type { Realtime } from '../modules/events/realtime-plugin.ts';
import { createFeedbackRepository } from '../modules/feedback/feedback-repository.ts';
import { createFeedbackService } from '../modules/feedback/feedback-service.ts';
import { createFollowRepository } from '../modules/follows/follow-repository.ts';
import { createFollowService } from '../modules/follows/follow-service.ts';
import { createFollowingFeed } from '../modules/follows/following-feed.ts';
import type { Mailer } from '../modules/mail/mailer.ts';
import { createMembershipService } from '../modules/membership/membership-service.ts';
import { createMessageRepository } from '../modules/messages/message-repository.ts';
import { createMessageService } from '../modules/messages/message-service.ts';
import { listenForNotifications } from '../modules/notifications/listeners.ts';
import { createNotificationRepository } from '../modules/notifications/notification-repository.ts';
import { createNotificationService } from '../modules/notifications/notification-service.ts';
import { createUnreadCounts } from '../modules/notifications/unread-counts.ts';
import { createPasswordResetRepository } from '../modules/password-reset/password-reset-repository.ts';
import { createPasswordResetService } from '../modules/password-reset/password-reset-service.ts';
import { createOrderRepository } from '../modules/payments/order-repository.ts';
import { createPaymentService } from '../modules/payments/payment-service.ts';
import type { PaymentProviders } from '../modules/payments/payment-providers.ts';
import { createPaywall } from '../modules/paywall/paywall.ts';
import { batchedPurchases } from '../modules/paywall/purchases.ts';
import { createAuditRepository } from '../modules/people/audit-repository.ts';
import { createPeopleService } from '../modules/people/people-service.ts';
import type { PeopleService } from '../modules/people/people-service.ts';
import { createPhoneService } from '../modules/phone/phone-service.ts';
import { createVerificationCodeRepository } from '../modules/phone/verification-code-repository.ts';
import { createVerificationCodes } from '../modules/phone/verification-codes.ts';
import { createPinService } from '../modules/pins/pin-service.ts';
import { createFeedService } from '../modules/posts/feed-service.ts';
import { listenForAuthorChanges } from '../modules/posts/card-freshness.ts';
import { createNoteCaches } from '../modules/posts/note-caches.ts';
import { createNoteWriter } from '../modules/posts/note-writer.ts';
import { batchedCardReads } from '../modules/posts/card-reads.ts';
import { batchedNotePageReads } from '../modules/posts/note-page-reads.ts';
import { batchedReaderMarks } from '../modules/posts/reader-marks.ts';
import type { NoteIndex, NoteStore } from '../modules/posts/note-writer.ts';
import { createPostRepository } from '../modules/posts/post-repository.ts';
import { createPostService } from '../modules/posts/post-service.ts';
import { createSitemap, createSitemapCache } from '../modules/sitemap/sitemap-documents.ts';
import type { WebPush } from '../modules/push/plugin.ts';
import { createPushDispatcher } from '../modules/push/push-dispatcher.ts';
import { createPushService } from '../modules/push/push-service.ts';
import { createSubscriptionRepository } from '../modules/push/subscription-repository.ts';
import { createPostPresenter } from '../modules/posts/present-post.ts';
import { createReactionRepository } from '../modules/posts/reaction-repository.ts';
import { createReportRepository } from '../modules/reports/report-repository.ts';
import { createReportService } from '../modules/reports/report-service.ts';
import { createReportTargets } from '../modules/reports/report-targets.ts';
import { createSearchIndex } from '../modules/search/search-index.ts';
import type { SearchIndex } from '../modules/search/search-index.ts';
import {
  createSearchGate,
  createSearchResults,
  createSearchService,
} from '../modules/search/search-service.ts';
import { searchableText } from '../modules/search/searchable-text.ts';
import { segmenterThreadReady } from '../modules/search/segmenter.ts';
import { createUserSearch } from '../modules/search/user-search.ts';
import { createUserSearchRepository } from '../modules/search/user-search-repository.ts';
import { createSettingsService } from '../modules/settings/settings-service.ts';
import { readUserSettings } from '../modules/users/user-settings.ts';
import type { SmsProvider } from '../modules/sms/provider.ts';
import { createNonceRepository } from '../modules/social/nonce-repository.ts';
import { createSocialRepository } from '../modules/social/social-repository.ts';
import { createSocialService } from '../modules/social/social-service.ts';
import type { Storage } from '../modules/storage/storage.ts';
import { createUploadQuota } from '../modules/uploads/upload-quota.ts';
import { createUploadService } from '../modules/uploads/upload-service.ts';
import { createVariantCache } from '../modules/uploads/variants.ts';
import { createUserProfiles } from '../modules/users/user-profiles.ts';
import { createUserRepository } from '../modules/users/user-repository.ts';
import type { UserRepository } from '../modules/users/user-repository.ts';
import { createWordService } from '../modules/words/word-service.ts';
import { createMentionRepository } from '../modules/mentions/mention-repository.ts';
import { listenForMentions } from '../modules/mentions/mention-notifier.ts';
import { createMentionSuggestions } from '../modules/mentions/mention-suggestions.ts';
import { createRelatedService } from '../modules/related/related-service.ts';
import { createTagRepository } from '../modules/tags/tag-repository.ts';
import { createTagService } from '../modules/tags/tag-service.ts';
import type { WordService } from '../modules/words/word-service.ts';

/** What the services are built from: the app's infrastructure, nothing of any module's. */
export interface Platform {
  config: Config;
  db: Kysely<Database>;
  dialect: DialectName;
  /** SQLite's read-only connections for search, when there are any. */
  readPool: ReadPool | null;
  /** Where the reads a page waits on go (the database plugin's `foregroundReads`). */
  foregroundReads: Kysely<Database>;
  /**
   * Where reads that may walk a whole table go, a name containing a text: SQLite's search
   * threads, which yield to the reads a page waits on; `db` where there is no read pool.
   */
  searchReads: Kysely<Database>;
  /** PostgreSQL's search ranker on a thread of its own. */
  postingsThread: PostingsThread | null;
  events: DomainEventBus;
  storage: Storage;
  realtime: Realtime;
  webPush: WebPush;
  attempts: AttemptStore;
  mailer: Mailer;
  sms: SmsProvider;
  payments: PaymentProviders;
  log: FastifyBaseLogger;
}

/** The search index as the note modules write to it: what any visitor may read of a note. */
function noteIndexOf(index: SearchIndex): NoteIndex {
  return {
    ready: segmenterThreadReady,
    put: async (row) => index.put(row.id, await searchableText(row)),
    remove: (postId) => index.remove(postId),
  };
}

/** The note modules: one presenter, one set of caches, one writer that keeps them true. */
function buildNotes(platform: Platform, users: UserRepository, people: PeopleService) {
  const { db, dialect, events, storage } = platform;
  // Where SQLite has a read pool, what a page waits on is read off the request thread, on its
  // foreground thread: a note page's row, a search page's cards (behind searches' ranking, cards
  // waited for every search in line on the threads of searches, decision 052) and a signed-in
  // reader's likes, favorites and purchases (decision 053).
  const reads = platform.foregroundReads;
  const paywall = createPaywall(db, {
    secret: platform.config.jwtSecret,
    purchases: batchedPurchases(reads, dialect),
  });
  const categories = createCategoryCatalog(db);
  const posts = createPostRepository(db);
  const pageReads = reads === db ? posts : createPostRepository(reads);
  const presenter = createPostPresenter({
    db: reads,
    categories,
    paywall,
    marks: batchedReaderMarks(reads, dialect),
  });
  const uploads = createUploadService({ db, storage });
  const searchIndex = createSearchIndex(db, dialect, {
    reader: platform.readPool,
    postings: platform.postingsThread,
  });
  const searchResults = createSearchResults();
  const searchGate = createSearchGate();
  const sitemapCache = createSitemapCache();
  const caches = createNoteCaches([searchResults, sitemapCache]);
  listenForAuthorChanges(events, caches.cards);
  const storeOn = (trx: Kysely<Database>): NoteStore => ({
    db: trx,
    posts: createPostRepository(trx),
    uploads: createUploadService({ db: trx, storage }),
    index: noteIndexOf(createSearchIndex(trx, dialect)),
  });
  const writer = createNoteWriter({
    dialect,
    caches,
    store: { db, posts, uploads, index: noteIndexOf(searchIndex) },
    storeOn,
  });

  const search = createSearchService({
    index: searchIndex,
    posts: batchedCardReads(pageReads),
    presenter,
    results: searchResults,
    cards: caches.cards,
    gate: searchGate,
  });
  const feeds = createFeedService({ posts: pageReads, presenter, categories, caches });
  const postService = createPostService({
    posts,
    notePages: batchedNotePageReads(pageReads),
    presenter,
    categories,
    reactions: {
      likes: createReactionRepository(db, 'likes'),
      favorites: createReactionRepository(db, 'favorites'),
    },
    lists: {
      posts: pageReads,
      reactions: {
        likes: createReactionRepository(reads, 'likes'),
        favorites: createReactionRepository(reads, 'favorites'),
      },
    },
    uploads,
    events,
    caches,
    writer,
    feeds,
    search,
  });
  const comments = createCommentRepository(db);
  const commentService = createCommentService({
    db: reads,
    comments,
    posts,
    lists: { comments: createCommentRepository(reads), posts: pageReads },
    events,
    caches,
  });
  const moderation = createModerationService({
    posts,
    presenter,
    categories,
    log: createModerationRepository(db),
    writer,
    events,
  });
  const reports = createReportService({
    reports: createReportRepository(db),
    targets: createReportTargets(db),
    posts,
    comments,
    messages: createMessageRepository(db),
    audit: createAuditRepository(db),
    moderation,
    postService,
    commentService,
    events,
    people,
    users,
  });

  return {
    paywall,
    categories,
    presenter,
    uploads,
    searchIndex,
    searchResults,
    searchGate,
    noteCaches: caches,
    noteWriter: writer,
    posts: postService,
    comments: commentService,
    moderation,
    stats: createStatsService({ db, stats: createStatsRepository(db), categories }),
    reports,
    pins: createPinService({ posts, users, events }),
    related: createRelatedService({ posts: pageReads, searchIndex, presenter }),
    sitemap: createSitemap({
      posts: pageReads,
      cache: sitemapCache,
      origin: platform.config.publicOrigin.replace(/\/$/, ''),
    }),
    uploadQuota: createUploadQuota(db, platform.config.uploadQuota),
    variants: createVariantCache(storage),
  };
}

/** Accounts and the ways in: password, phone, WeChat and QQ, password reset, settings. */
function buildAccounts(platform: Platform, users: UserRepository, words: WordService) {
  const { db, config, events, attempts, log } = platform;
  const sessions = createSessionRepository(db);
  const sessionDeps = { db, users, events, jwtSecret: config.jwtSecret };
  const issueSession = createSessionIssuer(sessionDeps);
  // Profiles and the signed-in reader's own count their notes, followers and likes: read off the
  // thread that answers requests.
  const profileReads = createUserRepository(platform.foregroundReads);
  const codes = createVerificationCodes({
    codes: createVerificationCodeRepository(db),
    sms: platform.sms,
    attempts,
    jwtSecret: config.jwtSecret,
    log,
  });
  return {
    issueSession,
    auth: createAuthService({
      users,
      counts: profileReads,
      sessions,
      attempts,
      issueSession,
      openAccount: createAccountOpener(sessionDeps),
      events,
    }),
    phone: createPhoneService({ users, codes, attempts, issueSession }),
    verificationCodes: codes,
    social: createSocialService({
      db,
      users,
      accounts: createSocialRepository(db),
      nonces: createNonceRepository(db),
      issueSession,
      oauth: config.oauth,
      jwtSecret: config.jwtSecret,
      log,
      words,
    }),
    passwordReset: createPasswordResetService({
      users,
      resets: createPasswordResetRepository(db),
      sessions,
      attempts,
      mailer: platform.mailer,
      publicOrigin: config.publicOrigin,
      log,
    }),
    settings: createSettingsService({ users, sessions, attempts }),
    profiles: createUserProfiles({ users: profileReads }),
    userSearch: createUserSearch({ users: createUserSearchRepository(platform.searchReads) }),
  };
}

/**
 * People and what passes between them. Domain events flow one way: follows, messages and
 * notes emit them; notifications listen, and own the unread counts the stream pushes.
 */
function buildPeople(
  platform: Platform,
  users: UserRepository,
  presenter: ReturnType<typeof buildNotes>['presenter'],
  people: PeopleService,
) {
  const { db, events, realtime } = platform;
  const follows = createFollowRepository(db);
  const messages = createMessageRepository(db);
  const notifications = createNotificationRepository(db);
  const unread = createUnreadCounts({ notifications, messages, realtime, log: platform.log });
  const pushes = buildPushes(platform, users);
  const notificationService = createNotificationService({
    notifications,
    lists: createNotificationRepository(platform.foregroundReads),
    realtime,
    unread,
    push: pushes,
  });
  listenForNotifications(events, { service: notificationService, notifications, follows, unread });
  listenForMentions(events, {
    mentions: createMentionRepository(db),
    notifications: notificationService,
  });
  const tags = createTagRepository(db);
  // Read-only: its lists read off the thread that answers requests.
  const followingFeed = createFollowingFeed({
    follows: createFollowRepository(platform.foregroundReads),
    tags: createTagRepository(platform.foregroundReads),
    presenter,
  });
  followingFeed.listen(events);
  return {
    tags: createTagService({
      tags,
      pages: createTagRepository(platform.foregroundReads),
      presenter,
      events,
    }),
    mentionSuggestions: createMentionSuggestions({
      users: createUserSearchRepository(platform.searchReads),
    }),
    unread,
    notifications: notificationService,
    messages: createMessageService({
      messages,
      lists: {
        messages: createMessageRepository(platform.foregroundReads),
        users: createUserRepository(platform.foregroundReads),
      },
      users,
      events,
      realtime,
    }),
    follows: createFollowService({ follows, users, events }),
    followingFeed,
    people,
    pushes,
    push: createPushService({
      db,
      publicKey: platform.webPush.publicKey,
      allowLoopback: platform.webPush.allowLoopback,
    }),
  };
}

/** Web Push: news for people with no page of the site open, sent off the request. */
function buildPushes(platform: Platform, users: UserRepository) {
  const { log, realtime } = platform;
  return createPushDispatcher({
    subscriptions: createSubscriptionRepository(platform.db),
    sender: platform.webPush.sender,
    hasOpenPage: (userId) => realtime.hasOpenPage(userId),
    async preferences(userId) {
      const row = await users.findById(userId);
      return row && row.banned_at === null ? readUserSettings(row.settings).push : null;
    },
    onDropped: () => log.warn('web push queue full; a push was dropped'),
    onError: (error) => log.error({ err: error }, 'web push delivery failed'),
  });
}

/** Every repository and service of the app, built once from the platform. */
export function buildServices(platform: Platform) {
  const { db, dialect, events, config } = platform;
  const users = createUserRepository(db);
  const orders = createOrderRepository(db);
  const words = createWordService(db);
  // Reports ban through the same people service as /admin/users.
  const peopleService = createPeopleService(db, platform.realtime);
  const notes = buildNotes(platform, users, peopleService);
  // Listeners run in the order they were added: the atmosphere's before the notifications'.
  const atmosphere = createAtmosphereService({ db, dialect, events });
  atmosphere.listen(events);
  const people = buildPeople(platform, users, notes.presenter, peopleService);
  return {
    ...notes,
    ...buildAccounts(platform, users, words),
    ...people,
    atmosphere,
    words,
    drafts: createDraftService({
      drafts: createDraftRepository(db),
      lists: createDraftRepository(platform.foregroundReads),
    }),
    membership: createMembershipService({ orders }),
    payments: createPaymentService({
      orders,
      users,
      ...platform.payments,
      paywall: notes.paywall,
      events,
    }),
    feedback: createFeedbackService({
      feedback: createFeedbackRepository(db),
      directory: path.join(config.dataDir, 'feedback'),
    }),
  };
}

export type Services = ReturnType<typeof buildServices>;
