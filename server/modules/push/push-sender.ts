import type { Agent } from 'node:https';
import type { PushPayload } from '../../../contract/push-payload.ts';
import type { StoredSubscription } from './subscription-repository.ts';
import type { VapidKeys } from './vapid-keys.ts';

/** How long a push service may keep a message for an offline device (seconds). */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** A push service that says nothing for this long is given up on (socket and whole request). */
export const PUSH_TIMEOUT_MS = 10_000;
/** The Topic header replaces a message still waiting at the push service; RFC 8030 limits it. */
const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;

/** sent: accepted; gone: the subscription expired (404/410) and must be forgotten. */
export type SendOutcome = 'sent' | 'gone' | 'failed';

export interface PushSender {
  send(subscription: StoredSubscription, payload: PushPayload): Promise<SendOutcome>;
}

export interface PushSenderOptions {
  keys: VapidKeys;
  subject: string;
  /** Tests trust their loopback push service's certificate through this. */
  agent?: Agent;
  timeoutMs?: number;
  onFailure: (failure: { status: number | null; host: string; reason: string }) => void;
}

/** Encrypts (aes128gcm) and signs (VAPID) each message with `web-push`. */
export function createPushSender(options: PushSenderOptions): PushSender {
  const timeoutMs = options.timeoutMs ?? PUSH_TIMEOUT_MS;
  return {
    async send(subscription, payload) {
      // Imported with the first message: a site whose readers never subscribe does not load it.
      const { default: webPush } = await import('web-push');
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error('push service timed out')), timeoutMs);
      });
      try {
        await Promise.race([
          webPush.sendNotification(
            {
              endpoint: subscription.endpoint,
              keys: { p256dh: subscription.p256dh, auth: subscription.auth },
            },
            JSON.stringify(payload),
            {
              vapidDetails: { subject: options.subject, ...options.keys },
              contentEncoding: 'aes128gcm',
              TTL: PUSH_TTL_SECONDS,
              urgency: payload.tag.startsWith('message-') ? 'high' : 'normal',
              ...(TOPIC.test(payload.tag) && { topic: payload.tag }),
              timeout: timeoutMs,
              ...(options.agent && { agent: options.agent }),
            },
          ),
          deadline,
        ]);
        return 'sent';
      } catch (error) {
        const status = error instanceof webPush.WebPushError ? error.statusCode : null;
        if (status === 404 || status === 410) return 'gone';
        // The endpoint is a capability URL, and web-push's error carries it (and the service's
        // answer): only the host, the status and the message go to the log.
        options.onFailure({
          status,
          host: new URL(subscription.endpoint).host,
          reason: error instanceof Error ? error.message : String(error),
        });
        return 'failed';
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
