import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './api/client';
import { createRealtimeConnection, onRealtime } from './realtime';

/** Enough of EventSource for the connection: listeners, close, and a way to fire events. */
class FakeSource {
  static created: FakeSource[] = [];
  readonly url: string;
  closed = false;
  private readonly listeners = new Map<string, ((event: Event) => void)[]>();

  constructor(url: string) {
    this.url = url;
    FakeSource.created.push(this);
  }

  addEventListener(name: string, listener: (event: Event) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }

  close() {
    this.closed = true;
  }

  fire(name: string, data?: unknown, lastEventId = '') {
    const event =
      data === undefined
        ? new Event(name)
        : new MessageEvent(name, { data: JSON.stringify(data), lastEventId });
    for (const listener of this.listeners.get(name) ?? []) listener(event);
  }
}

const latest = () => FakeSource.created[FakeSource.created.length - 1];

function setup() {
  const onUnread = vi.fn();
  const onConnectedChange = vi.fn();
  const connection = createRealtimeConnection(
    { onUnread, onConnectedChange },
    (url) => new FakeSource(url) as unknown as EventSource,
  );
  return { connection, onUnread, onConnectedChange };
}

let tickets = 0;
beforeEach(() => {
  vi.useFakeTimers();
  FakeSource.created = [];
  vi.spyOn(api, 'post').mockImplementation(async () => ({
    ticket: `t${++tickets}`,
    expiresIn: 60,
  }));
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('real-time connection', () => {
  it('trades the token for a ticket, opens the stream and reports counts at once', async () => {
    const { connection, onUnread, onConnectedChange } = setup();
    connection.connect();
    await vi.advanceTimersByTimeAsync(0);
    expect(api.post).toHaveBeenCalledWith('/api/events/ticket', undefined, { retries: 0 });
    expect(latest().url).toBe(`/api/events?ticket=t${tickets}`);
    latest().fire('open');
    expect(onConnectedChange).toHaveBeenLastCalledWith(true);
    latest().fire('unread', { notifications: 3, messages: 1 });
    expect(onUnread).toHaveBeenCalledWith({ notifications: 3, messages: 1 });
    connection.disconnect();
  });

  it('passes notifications and messages to whoever listens', async () => {
    const { connection } = setup();
    const heard = vi.fn();
    const stop = onRealtime('notification', heard);
    connection.connect();
    await vi.advanceTimersByTimeAsync(0);
    latest().fire('notification', { id: '9', type: 'like' }, '41');
    expect(heard).toHaveBeenCalledWith({ id: '9', type: 'like' });
    stop();
    latest().fire('notification', { id: '10', type: 'like' }, '42');
    expect(heard).toHaveBeenCalledTimes(1);
    connection.disconnect();
  });

  it('reconnects after an error with a fresh ticket and the last event id, backing off', async () => {
    const { connection, onConnectedChange } = setup();
    connection.connect();
    await vi.advanceTimersByTimeAsync(0);
    const first = latest();
    first.fire('open');
    first.fire('message', { message: { content: 'hi' } }, '57');
    first.fire('error');
    expect(first.closed).toBe(true);
    expect(onConnectedChange).toHaveBeenLastCalledWith(false);

    await vi.advanceTimersByTimeAsync(999);
    expect(FakeSource.created).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(latest().url).toBe(`/api/events?ticket=t${tickets}&lastEventId=57`);

    // Failing again without ever opening waits twice as long, then four times.
    latest().fire('error');
    await vi.advanceTimersByTimeAsync(1999);
    expect(FakeSource.created).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSource.created).toHaveLength(3);
    latest().fire('error');
    await vi.advanceTimersByTimeAsync(3999);
    expect(FakeSource.created).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSource.created).toHaveLength(4);
    // A successful open resets the wait.
    latest().fire('open');
    latest().fire('error');
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSource.created).toHaveLength(5);
    connection.disconnect();
  });

  it('asks for a new ticket at once when the server ends the stream for a ban', async () => {
    const { connection, onConnectedChange } = setup();
    connection.connect();
    await vi.advanceTimersByTimeAsync(0);
    const first = latest();
    first.fire('open');
    vi.mocked(api.post).mockRejectedValueOnce(new ApiError(401, '登录已过期，请重新登录'));
    first.fire('ended', { reason: '发布广告' });
    expect(first.closed).toBe(true);
    expect(onConnectedChange).toHaveBeenLastCalledWith(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(api.post).toHaveBeenCalledTimes(2);
    // The 401 (which signs the page out) stops it for good.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(FakeSource.created).toHaveLength(1);
  });

  it('retries when the ticket cannot be had, but gives up on a 401', async () => {
    const post = vi
      .mocked(api.post)
      .mockRejectedValueOnce(new ApiError(0, 'offline'))
      .mockRejectedValueOnce(new ApiError(401, '请先登录'));
    const { connection } = setup();
    connection.connect();
    await vi.advanceTimersByTimeAsync(1000);
    expect(post).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(post).toHaveBeenCalledTimes(2);
    expect(FakeSource.created).toHaveLength(0);
  });

  it('asks no ticket while offline and does not keep retrying; connect() resumes it', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const post = vi.mocked(api.post);
    const { connection } = setup();
    connection.connect();
    await vi.advanceTimersByTimeAsync(0);
    expect(post).toHaveBeenCalledTimes(1);
    online.mockReturnValue(false);
    latest().fire('error');
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(post).toHaveBeenCalledTimes(1);
    connection.connect();
    await vi.advanceTimersByTimeAsync(0);
    expect(post).toHaveBeenCalledTimes(1);
    online.mockReturnValue(true);
    connection.connect();
    await vi.advanceTimersByTimeAsync(0);
    expect(post).toHaveBeenCalledTimes(2);
    connection.disconnect();
  });

  it('stops for good on disconnect, also when a ticket arrives late', async () => {
    let answer: (value: { ticket: string; expiresIn: number }) => void = () => undefined;
    vi.mocked(api.post).mockImplementationOnce(
      () => new Promise((resolve) => (answer = resolve as typeof answer)),
    );
    const { connection } = setup();
    connection.connect();
    connection.disconnect();
    answer({ ticket: 'late', expiresIn: 60 });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(FakeSource.created).toHaveLength(0);

    connection.connect();
    await vi.advanceTimersByTimeAsync(0);
    const source = latest();
    connection.disconnect();
    expect(source.closed).toBe(true);
    source.fire('error');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(FakeSource.created).toHaveLength(1);
  });
});
