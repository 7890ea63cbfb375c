import { openDB } from 'idb';
import type { DBSchema, IDBPDatabase } from 'idb';
import type { DraftData, SaveDraftBody, SaveDraftResult } from '../../contract/draft';
import type { CreatePostBody, ImageRef, UpdatePostBody } from '../../contract/post';

/**
 * The outbox: notes published, notes changed and drafts saved while the network was away wait
 * here in IndexedDB, with the images chosen for them, until they can be sent. Each carries an
 * idempotency key made once at enqueue time and sent with every attempt, so a replay after an
 * answer that never arrived returns the first note instead of creating a second.
 *
 * The module knows nothing of HTTP: the page sends through its fetch wrapper, the service
 * worker (Background Sync) through plain fetch, both via an `OutboxTransport`.
 */

export type OutboxStatus = 'waiting' | 'sending' | 'failed';

/** An image of the note: already on the server, or a file chosen offline that goes up first. */
export type OutboxImage =
  { kind: 'uploaded'; image: ImageRef } | { kind: 'local'; blob: Blob; name: string };

interface PublishJob {
  kind: 'publish';
  body: Omit<CreatePostBody, 'images'>;
}

/** A change of a note already on the server (`PUT /api/posts/{id}`), with every field. */
interface UpdateJob {
  kind: 'update';
  postId: string;
  body: Omit<CreatePostBody, 'images'>;
}

interface DraftJob {
  kind: 'draft';
  /**
   * `baseEditedAt` is the server copy this one was edited from: a replay that meets a copy
   * edited elsewhere since then keeps both (the server's conflict rule) instead of overwriting.
   */
  body: Omit<SaveDraftBody, 'data'> & { data: Omit<DraftData, 'images'> };
}

export type OutboxJob = PublishJob | UpdateJob | DraftJob;

export type OutboxItem = OutboxJob & {
  id: string;
  /** Sent as `Idempotency-Key`: the same on every attempt. */
  idempotencyKey: string;
  images: OutboxImage[];
  /** The account that wrote it: another account signed in on this browser never sends it. */
  ownerId: string;
  /** The bearer header at enqueue time, for the worker, which cannot read localStorage. */
  authorization: string | null;
  status: OutboxStatus;
  /** Why the last attempt failed (Chinese, for the list). */
  error: string | null;
  attempts: number;
  createdAt: number;
  updatedAt: number;
};

export type NewOutboxItem = OutboxJob & {
  images: OutboxImage[];
  ownerId: string;
  authorization: string | null;
  /**
   * The key of an attempt that already went out and got no answer: the server may have created
   * the note, so the replay must carry the same key.
   */
  idempotencyKey?: string;
};

/** How a failure is to be treated: transient ones wait for the next replay, others need the user. */
export interface FailureVerdict {
  transient: boolean;
  message: string;
}

/** Worth trying again on its own later: no answer (0), a timeout, rate limiting, a server fault. */
export function isTransientStatus(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/**
 * Whether a failed write belongs in the outbox: the browser is offline, or the request got no
 * answer at all (the fetch wrapper's status 0 after its retries). A refusal by the server is
 * not queued: sending it again would be refused again.
 */
export function shouldQueueWrite(error: unknown, online: boolean): boolean {
  if (!online) return true;
  const status =
    typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  return status === 0;
}

export interface OutboxTransport {
  /** `key`: the upload's own idempotency key, the same on every attempt of this image. */
  uploadImage(item: OutboxItem, blob: Blob, name: string, key: string): Promise<ImageRef>;
  createPost(item: OutboxItem, body: CreatePostBody): Promise<{ id: string }>;
  updatePost(item: OutboxItem, postId: string, body: UpdatePostBody): Promise<unknown>;
  saveDraft(item: OutboxItem, body: SaveDraftBody): Promise<SaveDraftResult>;
  judge(error: unknown): FailureVerdict;
}

/** Something written offline reached the server. */
export type OutboxSentEvent =
  | { type: 'sent'; kind: 'publish' | 'update'; title: string; postId: string }
  | {
      type: 'sent';
      kind: 'draft';
      title: string;
      clientId: string;
      /** `editedAt` of the copy sent, which the answer may have kept or set aside. */
      editedAt: string;
      result: SaveDraftResult;
    };

export type OutboxEvent = { type: 'changed' } | OutboxSentEvent;

interface OutboxDb extends DBSchema {
  items: { key: string; value: OutboxItem };
}

const DB_NAME = 'vibe-outbox';
const CHANNEL = 'vibe-outbox';
/** The Background Sync tag the worker listens for. */
export const OUTBOX_SYNC_TAG = 'vibe-outbox';
const LOCK = 'vibe-outbox-replay';

let database: Promise<IDBPDatabase<OutboxDb>> | null = null;

function db(): Promise<IDBPDatabase<OutboxDb>> {
  database ??= openDB<OutboxDb>(DB_NAME, 1, {
    upgrade(upgrading) {
      upgrading.createObjectStore('items', { keyPath: 'id' });
    },
  });
  return database;
}

/** Tests close the database between cases (fake-indexeddb is reset under it). */
export async function closeOutbox(): Promise<void> {
  if (database) (await database).close();
  database = null;
  channel?.close();
  channel = null;
}

const listeners = new Set<(event: OutboxEvent) => void>();
let channel: BroadcastChannel | null = null;

function broadcast(): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  if (!channel) {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (message: MessageEvent<OutboxEvent>) => {
      for (const listener of listeners) listener(message.data);
    };
  }
  return channel;
}

/** Tells this context's listeners and every other tab (and the worker) alike. */
function announce(event: OutboxEvent): void {
  for (const listener of listeners) listener(event);
  broadcast()?.postMessage(event);
}

/** Hears changes made here, in another tab or in the worker; returns the unsubscribe. */
export function subscribeOutbox(listener: (event: OutboxEvent) => void): () => void {
  broadcast();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function newId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

let lastCreatedAt = 0;

function newItem(job: NewOutboxItem): OutboxItem {
  // Strictly increasing, so two notes written in the same millisecond keep their order.
  const now = Math.max(Date.now(), lastCreatedAt + 1);
  lastCreatedAt = now;
  return {
    ...job,
    id: newId(),
    idempotencyKey: job.idempotencyKey ?? newId(),
    status: 'waiting',
    error: null,
    attempts: 0,
    createdAt: now,
    updatedAt: now,
  } as OutboxItem;
}

/** Tells every context and asks for a Background Sync: a new item waits. */
async function queued(item: OutboxItem): Promise<OutboxItem> {
  announce({ type: 'changed' });
  await requestOutboxSync();
  return item;
}

export async function enqueueOutbox(job: NewOutboxItem): Promise<OutboxItem> {
  const item = newItem(job);
  await (await db()).put('items', item);
  return queued(item);
}

export type NewDraftItem = Extract<NewOutboxItem, { kind: 'draft' }>;

type DraftItem = Extract<OutboxItem, { kind: 'draft' }>;

const isCopyOfDraft = (item: OutboxItem, ownerId: string, clientId: string): item is DraftItem =>
  item.kind === 'draft' && item.ownerId === ownerId && item.body.clientId === clientId;

/**
 * Queues a save of a draft. Only its newest copy is worth sending, so the copy of the same
 * draft still waiting (or failed) is replaced in place; one already on its way stays, and this
 * one goes after it.
 */
export async function queueDraft(job: NewDraftItem): Promise<OutboxItem> {
  const store = (await db()).transaction('items', 'readwrite').store;
  const older = (await store.getAll()).find(
    (item): item is DraftItem =>
      isCopyOfDraft(item, job.ownerId, job.body.clientId) && item.status !== 'sending',
  );
  const item: OutboxItem = older
    ? {
        ...older,
        // Another body under the old key would be refused: the server may hold its first answer.
        idempotencyKey: newId(),
        body: job.body,
        images: job.images,
        authorization: job.authorization,
        status: 'waiting',
        error: null,
        attempts: 0,
        updatedAt: Date.now(),
      }
    : newItem(job);
  await store.put(item);
  return queued(item);
}

/**
 * Takes back the copies of a draft that wait (or failed) in the outbox: a newer copy is being
 * sent directly, or the draft became a note. Returns true when a copy is on its way right now
 * and could not be taken back.
 */
export async function withdrawDraft(ownerId: string, clientId: string): Promise<boolean> {
  const store = (await db()).transaction('items', 'readwrite').store;
  const copies = (await store.getAll()).filter((item) => isCopyOfDraft(item, ownerId, clientId));
  const waiting = copies.filter((item) => item.status !== 'sending');
  for (const item of waiting) await store.delete(item.id);
  if (waiting.length > 0) announce({ type: 'changed' });
  return waiting.length < copies.length;
}

/** Background Sync's registration (not in TypeScript's DOM types yet). */
interface SyncManagerLike {
  register(tag: string): Promise<void>;
}

/**
 * Asks the service worker to send the outbox when the network is back, even if every tab is
 * closed by then. Where the browser has no Background Sync, the next page load or `online`
 * event does it (src/features/offline/outbox-sync.ts).
 */
async function requestOutboxSync(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    const sync = (registration as { sync?: SyncManagerLike } | undefined)?.sync;
    await sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // No permission or no worker: the page replays instead.
  }
}

/** The items of one account, oldest first (the order they are sent in). */
export async function listOutbox(ownerId: string): Promise<OutboxItem[]> {
  const items = await (await db()).getAll('items');
  return items.filter((item) => item.ownerId === ownerId).sort((a, b) => a.createdAt - b.createdAt);
}

async function update(id: string, changes: Partial<OutboxItem>): Promise<OutboxItem | null> {
  const store = (await db()).transaction('items', 'readwrite').store;
  const item = await store.get(id);
  if (!item) return null;
  const next = { ...item, ...changes, updatedAt: Date.now() } as OutboxItem;
  await store.put(next);
  return next;
}

/** 重试: a failed item waits again (the caller then replays). */
export async function retryOutboxItem(id: string): Promise<void> {
  await update(id, { status: 'waiting', error: null });
  announce({ type: 'changed' });
}

/** 放弃: the item and its images are gone. */
export async function discardOutboxItem(id: string): Promise<void> {
  await (await db()).delete('items', id);
  announce({ type: 'changed' });
}

/** Uploads the item's local images one by one, keeping each result so none goes up twice. */
async function uploadImages(item: OutboxItem, transport: OutboxTransport): Promise<ImageRef[]> {
  const images = [...item.images];
  const refs: ImageRef[] = [];
  for (let index = 0; index < images.length; index++) {
    const image = images[index];
    if (image.kind === 'uploaded') {
      refs.push(image.image);
      continue;
    }
    const key = `${item.idempotencyKey}-${index}`;
    const uploaded = await transport.uploadImage(item, image.blob, image.name, key);
    images[index] = { kind: 'uploaded', image: uploaded };
    await update(item.id, { images });
    refs.push(uploaded);
  }
  return refs;
}

async function send(item: OutboxItem, transport: OutboxTransport): Promise<OutboxSentEvent> {
  const refs = await uploadImages(item, transport);
  const { title } = item.body;
  if (item.kind === 'draft') {
    const data = { ...item.body.data, images: refs };
    const result = await transport.saveDraft(item, { ...item.body, data });
    const { clientId, editedAt } = item.body;
    return { type: 'sent', kind: 'draft', title, clientId, editedAt, result };
  }
  const body = {
    ...item.body,
    images: refs.map(({ url, width, height }) => ({ url, width, height })),
  };
  if (item.kind === 'update') {
    await transport.updatePost(item, item.postId, body);
    return { type: 'sent', kind: 'update', title, postId: item.postId };
  }
  const post = await transport.createPost(item, body);
  return { type: 'sent', kind: 'publish', title, postId: post.id };
}

export interface ReplayOptions {
  transport: OutboxTransport;
  /** Only this account's items; the worker passes none and sends each with its own token. */
  ownerId?: string;
}

export interface ReplayResult {
  sent: number;
  failed: number;
  /** Items left waiting because the network failed again. */
  waiting: number;
}

async function replayUnlocked({ transport, ownerId }: ReplayOptions): Promise<ReplayResult> {
  const result: ReplayResult = { sent: 0, failed: 0, waiting: 0 };
  const all = await (await db()).getAll('items');
  const due = all
    .filter(
      (item) => (ownerId === undefined || item.ownerId === ownerId) && item.status !== 'failed',
    )
    .sort((a, b) => a.createdAt - b.createdAt);
  for (let index = 0; index < due.length; index++) {
    // "sending" left over from a replay that was cut off counts as waiting: the lock is ours.
    const item = await update(due[index].id, { status: 'sending', error: null });
    if (!item) continue;
    announce({ type: 'changed' });
    try {
      const sent = await send(item, transport);
      await (await db()).delete('items', item.id);
      result.sent++;
      announce(sent);
    } catch (error) {
      const verdict = transport.judge(error);
      await update(item.id, {
        status: verdict.transient ? 'waiting' : 'failed',
        error: verdict.message,
        attempts: item.attempts + 1,
      });
      announce({ type: 'changed' });
      if (verdict.transient) {
        // The network is still away: the rest would fail the same way.
        result.waiting = due.length - index;
        return result;
      }
      result.failed++;
    }
  }
  return result;
}

const NOTHING_SENT: ReplayResult = { sent: 0, failed: 0, waiting: 0 };

async function replayUnderLock(options: ReplayOptions): Promise<ReplayResult> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return replayUnlocked(options);
  // Another tab or the worker holds the lock: it is sending these very items.
  return locks.request(LOCK, { ifAvailable: true }, (lock) =>
    lock ? replayUnlocked(options) : NOTHING_SENT,
  );
}

let replaying: Promise<ReplayResult> | null = null;

/**
 * Sends every waiting item, oldest first. One replay at a time across tabs and the worker
 * (Web Locks where the browser has them); a second call while one runs joins it.
 */
export function replayOutbox(options: ReplayOptions): Promise<ReplayResult> {
  if (replaying) return replaying;
  const run = replayUnderLock(options).finally(() => {
    replaying = null;
  });
  replaying = run;
  return run;
}
