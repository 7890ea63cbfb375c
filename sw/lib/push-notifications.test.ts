import { describe, expect, it, vi } from 'vitest';
import {
  notificationTarget,
  openNotificationTarget,
  readPushPayload,
  showPushNotification,
} from './push-notifications';
import { workerTexts } from './texts';

const origin = 'https://notes.example';
const good = { title: '小明 评论了你的笔记', body: '写得好', url: '/post/abc', tag: 'comment-1' };

describe('push notifications in the worker', () => {
  it('reads the server’s payload and shows it with the icon, tag and page', async () => {
    const payload = readPushPayload(() => good);
    expect(payload).toEqual(good);
    const showNotification = vi.fn(async () => undefined);
    await showPushNotification({ showNotification }, payload);
    expect(showNotification).toHaveBeenCalledWith(good.title, {
      body: good.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/maskable-192.png',
      tag: good.tag,
      data: { url: '/post/abc' },
    });
  });

  it('still shows something for an unreadable push, and never links off the site', () => {
    const fallback = {
      title: workerTexts.pushFallbackTitle,
      body: workerTexts.pushFallbackBody,
      url: '/notifications',
      tag: 'fallback',
    };
    expect(
      readPushPayload(() => {
        throw new SyntaxError('not json');
      }),
    ).toEqual(fallback);
    expect(readPushPayload(() => undefined)).toEqual(fallback);
    expect(readPushPayload(() => ({ body: 'no title' }))).toEqual(fallback);
    for (const url of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'x']) {
      expect(readPushPayload(() => ({ ...good, url })).url).toBe('/notifications');
      expect(notificationTarget({ url }, origin)).toBe(`${origin}/notifications`);
    }
    expect(notificationTarget({ url: '/post/abc' }, origin)).toBe(`${origin}/post/abc`);
  });

  function windowClient(url: string) {
    const client = {
      url,
      focus: vi.fn(async () => client),
      navigate: vi.fn(async (to: string) => ({ ...client, url: to })),
    };
    return client;
  }

  it('focuses a tab already on the page, else moves a tab of the site, else opens one', async () => {
    const target = `${origin}/post/abc`;
    const onPage = windowClient(target);
    const elsewhere = windowClient(`${origin}/`);
    const openWindow = vi.fn(async () => null);
    const clientsOf = (list: ReturnType<typeof windowClient>[]) => ({
      matchAll: vi.fn(async () => list as unknown as readonly Client[]),
      openWindow,
    });

    await openNotificationTarget(clientsOf([elsewhere, onPage]) as unknown as Clients, target);
    expect(onPage.focus).toHaveBeenCalled();
    expect(elsewhere.navigate).not.toHaveBeenCalled();

    await openNotificationTarget(clientsOf([elsewhere]) as unknown as Clients, target);
    expect(elsewhere.navigate).toHaveBeenCalledWith(target);
    expect(openWindow).not.toHaveBeenCalled();

    const other = windowClient('https://other.example/');
    await openNotificationTarget(clientsOf([other]) as unknown as Clients, target);
    expect(other.navigate).not.toHaveBeenCalled();
    expect(openWindow).toHaveBeenCalledWith(target);
  });
});
