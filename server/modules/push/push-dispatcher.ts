import type { Notification } from '../../../contract/notification.ts';
import type { PushPreferences } from '../../../contract/push-payload.ts';
import { pushKindOf, pushMessageFor } from './push-message.ts';
import type { PushSender } from './push-sender.ts';
import type { SubscriptionRepository } from './subscription-repository.ts';

/** Pushes sent at once; the rest wait their turn. */
const CONCURRENCY = 4;
/** Waiting pushes beyond this are dropped (logged): a stuck push service must not grow memory. */
const MAX_WAITING = 1000;

export interface PushDispatcherDeps {
  subscriptions: SubscriptionRepository;
  sender: PushSender;
  /** Whether a page of the site is open for the user (then the page shows the news itself). */
  hasOpenPage: (userId: number) => Promise<boolean>;
  preferences: (userId: number) => Promise<PushPreferences | null>;
  onDropped: () => void;
  onError: (error: unknown) => void;
}

/**
 * Sends notifications to the devices of people who have no page of the site open, off the
 * request that caused them: `offer` only queues, and a slow or failing push service never
 * delays or fails the action.
 */
export function createPushDispatcher(deps: PushDispatcherDeps) {
  const waiting: (() => Promise<void>)[] = [];
  let running = 0;
  let idleWaiters: (() => void)[] = [];

  function pump() {
    while (running < CONCURRENCY && waiting.length > 0) {
      const job = waiting.shift()!;
      running += 1;
      void job()
        .catch(deps.onError)
        .finally(() => {
          running -= 1;
          pump();
        });
    }
    if (running === 0 && waiting.length === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const wake of waiters) wake();
    }
  }

  async function deliver(userId: number, notification: Notification) {
    const kind = pushKindOf(notification.type);
    const payload = pushMessageFor(notification);
    if (!kind || !payload) return;
    // Cheapest first: most people have no subscription at all.
    const devices = await deps.subscriptions.listForUser(userId);
    if (devices.length === 0) return;
    if (await deps.hasOpenPage(userId)) return;
    const preferences = await deps.preferences(userId);
    if (!preferences?.[kind]) return;
    await Promise.all(
      devices.map(async (device) => {
        if ((await deps.sender.send(device, payload)) === 'gone') {
          await deps.subscriptions.deleteByEndpoint(device.endpoint);
        }
      }),
    );
  }

  return {
    /** Queues the push of a new notification for its recipient; returns at once. */
    offer(userId: number, notification: Notification): void {
      if (!pushKindOf(notification.type)) return;
      if (waiting.length >= MAX_WAITING) {
        deps.onDropped();
        return;
      }
      waiting.push(() => deliver(userId, notification));
      pump();
    },

    /** Resolves when nothing is queued or being sent (shutdown, tests). */
    idle(): Promise<void> {
      if (running === 0 && waiting.length === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
  };
}

export type PushDispatcher = ReturnType<typeof createPushDispatcher>;
