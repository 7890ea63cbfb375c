import type { PushPayload } from '../../contract/push-payload';
import { workerTexts } from './texts';

const ICON = '/icons/icon-192.png';
const BADGE = '/icons/maskable-192.png';
const FALLBACK: PushPayload = {
  title: workerTexts.pushFallbackTitle,
  body: workerTexts.pushFallbackBody,
  url: '/notifications',
  tag: 'fallback',
};

/** Only a path on this site: a push must never send the reader somewhere else. */
const isSitePath = (url: unknown): url is string =>
  typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && !url.includes('\\');

/** The push's JSON body as the server words it, or a plain "new notification" if unreadable. */
export function readPushPayload(read: () => unknown): PushPayload {
  let data: unknown;
  try {
    data = read();
  } catch {
    return FALLBACK;
  }
  if (!data || typeof data !== 'object') return FALLBACK;
  const { title, body, url, tag } = data as Record<string, unknown>;
  if (typeof title !== 'string' || !title) return FALLBACK;
  return {
    title,
    body: typeof body === 'string' ? body : '',
    url: isSitePath(url) ? url : FALLBACK.url,
    tag: typeof tag === 'string' && tag ? tag : FALLBACK.tag,
  };
}

export function showPushNotification(
  registration: Pick<ServiceWorkerRegistration, 'showNotification'>,
  payload: PushPayload,
): Promise<void> {
  return registration.showNotification(payload.title, {
    body: payload.body,
    icon: ICON,
    badge: BADGE,
    tag: payload.tag,
    data: { url: payload.url },
  });
}

/** The page a clicked notification opens, as an absolute URL on this site. */
export function notificationTarget(data: unknown, origin: string): string {
  const url = data && typeof data === 'object' ? (data as { url?: unknown }).url : undefined;
  return new URL(isSitePath(url) ? url : FALLBACK.url, origin).href;
}

/**
 * Brings the reader to the notification's page: a tab already showing it is focused; else an
 * open tab of the site goes there; else a new window opens.
 */
export async function openNotificationTarget(
  clients: Pick<Clients, 'matchAll' | 'openWindow'>,
  target: string,
): Promise<void> {
  const windows = (await clients.matchAll({
    type: 'window',
    includeUncontrolled: true,
  })) as readonly WindowClient[];
  // The browser may refuse focus (it is allowed only while handling a real click): the page
  // is still there, so that is no reason to open another.
  const focus = (client: WindowClient) => client.focus().catch(() => client);
  const showing = windows.find((client) => client.url === target);
  if (showing) {
    await focus(showing);
    return;
  }
  const origin = new URL(target).origin;
  const ours = windows.find((client) => new URL(client.url).origin === origin);
  if (ours) {
    // navigate() works only on a tab this worker controls; another one gets a new window.
    const moved = await ours.navigate(target).catch(() => null);
    if (moved) {
      await focus(moved);
      return;
    }
  }
  await clients.openWindow(target);
}
