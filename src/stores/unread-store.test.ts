import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../lib/api/client';
import { useSessionStore } from './session-store';
import { startUnreadPolling, useUnreadStore } from './unread-store';

function answerCounts(notifications: unknown, messages: unknown) {
  return vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
    if (path.includes('notifications')) return notifications;
    if (path.includes('messages')) return messages;
    throw new Error(`unexpected ${path}`);
  });
}

let stop: () => void = () => undefined;

beforeEach(() => {
  vi.useFakeTimers();
  useUnreadStore.setState({ streamConnected: false });
  useUnreadStore.getState().reset();
  useSessionStore.setState({ status: 'signed-out', token: null, user: null });
});

afterEach(() => {
  stop();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('unread counts', () => {
  it('reads both counts once someone signs in', async () => {
    const get = answerCounts({ count: 3 }, { count: 120 });
    stop = startUnreadPolling();
    expect(get).not.toHaveBeenCalled();
    useSessionStore.setState({ status: 'signed-in' });
    await vi.waitFor(() => expect(useUnreadStore.getState().messages).toBe(120));
    expect(useUnreadStore.getState().notifications).toBe(3);
  });

  it('falls silently to 0 when a count cannot be read', async () => {
    useSessionStore.setState({ status: 'signed-in' });
    vi.spyOn(api, 'get').mockRejectedValue(new Error('offline'));
    useUnreadStore.setState({ notifications: 5, messages: 5 });
    await useUnreadStore.getState().refresh(true);
    expect(useUnreadStore.getState()).toMatchObject({ notifications: 0, messages: 0 });
  });

  it('polls at least 30 s apart, 5 s when forced', async () => {
    useSessionStore.setState({ status: 'signed-in' });
    const get = answerCounts({ count: 1 }, { count: 1 });
    await useUnreadStore.getState().refresh();
    await useUnreadStore.getState().refresh();
    expect(get).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(5_000);
    await useUnreadStore.getState().refresh();
    expect(get).toHaveBeenCalledTimes(2);
    await useUnreadStore.getState().refresh(true);
    expect(get).toHaveBeenCalledTimes(4);
  });

  it('polls every 60 s while visible, every 5 min with the stream up, and resets on sign-out', async () => {
    useSessionStore.setState({ status: 'signed-in' });
    const get = answerCounts({ count: 2 }, 4);
    stop = startUnreadPolling();
    await vi.advanceTimersByTimeAsync(0);
    expect(get).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(get).toHaveBeenCalledTimes(4);
    useUnreadStore.getState().setStreamConnected(true);
    await vi.advanceTimersByTimeAsync(299_000);
    expect(get).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(get).toHaveBeenCalledTimes(6);
    expect(useUnreadStore.getState().messages).toBe(4);
    useSessionStore.setState({ status: 'signed-out' });
    expect(useUnreadStore.getState()).toMatchObject({ notifications: 0, messages: 0 });
    await vi.advanceTimersByTimeAsync(600_000);
    expect(get).toHaveBeenCalledTimes(6);
  });

  it('polls nothing while offline and reads the counts the moment the network returns', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    useSessionStore.setState({ status: 'signed-in' });
    const get = answerCounts({ count: 1 }, { count: 2 });
    stop = startUnreadPolling();
    await vi.advanceTimersByTimeAsync(0);
    expect(get).toHaveBeenCalledTimes(2);
    online.mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(get).toHaveBeenCalledTimes(2);
    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(get).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(get).toHaveBeenCalledTimes(6);
  });
});
