import { Type } from 'typebox';
import type { Static } from 'typebox';
import { errorText } from './messages.ts';
import { PUSH_KINDS } from './push-payload.ts';

/**
 * Web Push: `GET /api/push/public-key` gives the server's VAPID key for
 * `pushManager.subscribe`; `POST /api/push/subscriptions` stores the browser's subscription
 * with the kinds the person wants; `DELETE /api/push/subscriptions {endpoint}` forgets one.
 */
export const PushPublicKey = Type.Object({ publicKey: Type.String() });
export type PushPublicKey = Static<typeof PushPublicKey>;

/** Push services' addresses are long capability URLs; the biggest seen are under 1 KB. */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;

const Endpoint = Type.String({
  minLength: 1,
  maxLength: PUSH_ENDPOINT_MAX_LENGTH,
  errorMessage: errorText.pushEndpointInvalid,
});

/**
 * The two keys of `PushSubscription.toJSON()`, base64url: p256dh is an uncompressed P-256
 * point (65 bytes -> 87 characters), auth a 16-byte secret (22 characters).
 */
const Keys = Type.Object(
  {
    // 0x04 (uncompressed) encodes to a leading "B".
    p256dh: Type.String({ pattern: '^B[A-Za-z0-9_-]{86}=?$' }),
    auth: Type.String({ pattern: '^[A-Za-z0-9_-]{22}(==)?$' }),
  },
  { errorMessage: errorText.pushKeysInvalid },
);

const Kinds = Type.Array(Type.Enum(PUSH_KINDS), {
  maxItems: PUSH_KINDS.length,
  uniqueItems: true,
  errorMessage: errorText.pushKindsInvalid,
});

export const PushSubscriptionBody = Type.Object(
  {
    endpoint: Endpoint,
    /** Sent by some browsers (null when the subscription never expires); not used. */
    expirationTime: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
    keys: Keys,
    /** The kinds to push; left out, every kind. */
    kinds: Type.Optional(Kinds),
  },
  {
    errorMessage: {
      required: {
        endpoint: errorText.pushEndpointInvalid,
        keys: errorText.pushKeysInvalid,
      },
    },
  },
);
export type PushSubscriptionBody = Static<typeof PushSubscriptionBody>;

export const PushUnsubscribeBody = Type.Object(
  { endpoint: Endpoint },
  { errorMessage: { required: { endpoint: errorText.pushEndpointInvalid } } },
);
export type PushUnsubscribeBody = Static<typeof PushUnsubscribeBody>;

export const PushSubscriptionState = Type.Object({
  success: Type.Boolean(),
  kinds: Type.Array(Type.Enum(PUSH_KINDS)),
});
export type PushSubscriptionState = Static<typeof PushSubscriptionState>;

export const PushUnsubscribed = Type.Object({ success: Type.Boolean(), removed: Type.Boolean() });
export type PushUnsubscribed = Static<typeof PushUnsubscribed>;
