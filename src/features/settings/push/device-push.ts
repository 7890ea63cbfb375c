import type { PushKind } from '../../../../contract/push-payload';
import { deletePushSubscription, getPushPublicKey, savePushSubscription } from '../api/push';

/**
 * This browser's side of Web Push: whether it can, whether the person allowed it, and its
 * subscription. Permission is asked only from `enableDevicePush`, which the settings page calls
 * from a click, never on its own.
 */
export type DevicePushState = 'unsupported' | 'denied' | 'off' | 'on';

/** The service worker may still be installing on a first visit; it is given this long. */
const WORKER_WAIT_MS = 10_000;

export class DevicePushError extends Error {
  constructor(readonly reason: 'unsupported' | 'denied' | 'no-worker' | 'subscribe-failed') {
    super(reason);
  }
}

export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new DevicePushError('no-worker')), WORKER_WAIT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export async function readDevicePushState(): Promise<DevicePushState> {
  if (!isPushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted') return 'off';
  return (await currentSubscription()) ? 'on' : 'off';
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((byte, index) => byte === key[index]);
}

/** Asks for permission (call it from a click), subscribes, and tells the server the kinds. */
export async function enableDevicePush(kinds: PushKind[]): Promise<void> {
  if (!isPushSupported()) throw new DevicePushError('unsupported');
  if ((await Notification.requestPermission()) !== 'granted') {
    throw new DevicePushError('denied');
  }
  const registration = await workerRegistration();
  const key = keyBytes(await getPushPublicKey());
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made for another key (the server's key was replaced) can never be used.
  if (subscription && !sameKey(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager
    .subscribe({ userVisibleOnly: true, applicationServerKey: key })
    .catch((error: unknown) => {
      // The browser's own words (English) never reach the page: only what it means.
      const refused = error instanceof DOMException && error.name === 'NotAllowedError';
      throw new DevicePushError(refused ? 'denied' : 'subscribe-failed');
    });
  await savePushSubscription(subscription.toJSON(), kinds);
}

/** Forgets this browser's subscription, on the server first so no push is left in flight. */
export async function disableDevicePush(): Promise<void> {
  const subscription = isPushSupported() ? await currentSubscription() : null;
  if (!subscription) return;
  await deletePushSubscription(subscription.endpoint);
  await subscription.unsubscribe();
}
