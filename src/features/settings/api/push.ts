import { errorText } from '../../../../contract/page-messages';
import type { PushKind } from '../../../../contract/push-payload';
import type {
  PushPublicKey,
  PushSubscriptionState,
  PushUnsubscribed,
} from '../../../../contract/push';
import { api } from '../../../lib/api/client';

export async function getPushPublicKey(): Promise<string> {
  return (await api.get<PushPublicKey>('/api/push/public-key')).publicKey;
}

/** Stores this browser's subscription with the kinds chosen; the same endpoint again updates it. */
export function savePushSubscription(
  subscription: PushSubscriptionJSON,
  kinds: PushKind[],
): Promise<PushSubscriptionState> {
  return api.post<PushSubscriptionState>(
    '/api/push/subscriptions',
    { endpoint: subscription.endpoint, keys: subscription.keys, kinds },
    { errorMessage: errorText.requestFailed },
  );
}

export function deletePushSubscription(endpoint: string): Promise<PushUnsubscribed> {
  return api.delete<PushUnsubscribed>(
    '/api/push/subscriptions',
    { errorMessage: errorText.requestFailed },
    { endpoint },
  );
}
