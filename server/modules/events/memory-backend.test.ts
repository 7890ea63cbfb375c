import { describe, expect, it } from 'vitest';
import { createMemoryBackend } from './memory-backend.ts';
import { REPLAY_EVENTS_PER_USER } from './realtime-backend.ts';
import type { StreamEvent } from './realtime-backend.ts';

describe('in-process real-time backend', () => {
  it('delivers events to subscribers with increasing ids, and unread counts without one', async () => {
    const backend = createMemoryBackend();
    const seen: [number, StreamEvent][] = [];
    backend.subscribe((userId, event) => seen.push([userId, event]));
    await backend.publish(1, 'notification', { n: 1 }, { replayable: true });
    await backend.publish(2, 'unread', { notifications: 1, messages: 0 }, { replayable: false });
    await backend.publish(1, 'message', { n: 2 }, { replayable: true });
    expect(seen.map(([userId, event]) => [userId, event.name])).toEqual([
      [1, 'notification'],
      [2, 'unread'],
      [1, 'message'],
    ]);
    expect(seen[1][1].id).toBeNull();
    expect(Number(seen[2][1].id)).toBeGreaterThan(Number(seen[0][1].id));
  });

  it('replays only the user’s replayable events after the given id, at most the last 50', async () => {
    const backend = createMemoryBackend();
    const ids: string[] = [];
    backend.subscribe((userId, event) => {
      if (userId === 1 && event.id) ids.push(event.id);
    });
    for (let index = 0; index < REPLAY_EVENTS_PER_USER + 10; index += 1) {
      await backend.publish(1, 'notification', { index }, { replayable: true });
      await backend.publish(2, 'notification', { index }, { replayable: true });
      await backend.publish(
        1,
        'unread',
        { notifications: index, messages: 0 },
        { replayable: false },
      );
    }
    const recent = await backend.replay(1, ids[ids.length - 3]);
    expect(recent.map((event) => event.data)).toEqual([
      { index: REPLAY_EVENTS_PER_USER + 8 },
      { index: REPLAY_EVENTS_PER_USER + 9 },
    ]);
    expect(await backend.replay(1, '0')).toHaveLength(REPLAY_EVENTS_PER_USER);
    expect(await backend.replay(1, 'not-an-id')).toEqual([]);
    expect(await backend.replay(3, '0')).toEqual([]);
  });

  it('forgets a user’s events after the replay window', async () => {
    let now = 1_000_000;
    const backend = createMemoryBackend(() => now);
    await backend.publish(1, 'notification', {}, { replayable: true });
    now += 11 * 60 * 1000;
    expect(await backend.replay(1, '0')).toEqual([]);
  });

  it('hands out a ticket once, and never after it expires', async () => {
    let now = 1_000_000;
    const backend = createMemoryBackend(() => now);
    await backend.putTicket('a', 'alice', 60);
    await backend.putTicket('b', 'bob', 60);
    expect(await backend.takeTicket('a')).toBe('alice');
    expect(await backend.takeTicket('a')).toBeNull();
    now += 60_000;
    expect(await backend.takeTicket('b')).toBeNull();
    expect(await backend.takeTicket('unknown')).toBeNull();
  });
});
