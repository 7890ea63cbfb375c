import type { Kysely } from 'kysely';
import { errorText } from '../../../contract/messages.ts';
import { PUSH_KINDS } from '../../../contract/push-payload.ts';
import type { PushKind, PushPreferences } from '../../../contract/push-payload.ts';
import type { PushSubscriptionBody, PushSubscriptionState } from '../../../contract/push.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Viewer } from '../users/viewer.ts';
import { mergeSettings, readUserSettings } from '../users/user-settings.ts';
import { createUserRepository } from '../users/user-repository.ts';
import { isAcceptableEndpoint } from './push-endpoint.ts';
import { createSubscriptionRepository } from './subscription-repository.ts';

const kindsOn = (preferences: PushPreferences): PushKind[] =>
  PUSH_KINDS.filter((kind) => preferences[kind]);

/** A device's subscription and the person's choice of kinds, as the settings page makes them. */
export function createPushService(deps: {
  db: Kysely<Database>;
  publicKey: string;
  allowLoopback: boolean;
}) {
  const { db, allowLoopback } = deps;

  function checkedEndpoint(endpoint: string): string {
    if (!isAcceptableEndpoint(endpoint, allowLoopback)) {
      throw badRequest(errorText.pushEndpointInvalid);
    }
    return endpoint;
  }

  return {
    publicKey: deps.publicKey,

    /**
     * Stores (or refreshes) this device's subscription and, when `kinds` is given, makes it the
     * person's choice: the kinds listed on, the others off. Both in one transaction.
     */
    async subscribe(viewer: Viewer, body: PushSubscriptionBody): Promise<PushSubscriptionState> {
      const endpoint = checkedEndpoint(body.endpoint);
      const current = readUserSettings(viewer.row.settings);
      const push = body.kinds
        ? (Object.fromEntries(
            PUSH_KINDS.map((kind) => [kind, body.kinds!.includes(kind)]),
          ) as PushPreferences)
        : current.push;
      await db.transaction().execute(async (trx) => {
        const subscriptions = createSubscriptionRepository(trx);
        await subscriptions.save(viewer.id, { endpoint, ...body.keys });
        await subscriptions.trim(viewer.id);
        if (body.kinds) {
          const settings = mergeSettings(current, { push });
          await createUserRepository(trx).update(viewer.id, { settings: JSON.stringify(settings) });
        }
      });
      return { success: true, kinds: kindsOn(push) };
    },

    /**
     * Forgets this device's subscription if it is the viewer's own. Asking again (or for an
     * endpoint the push service already retired) is not an error: `removed` says what happened.
     */
    async unsubscribe(viewer: Viewer, endpoint: string) {
      const removed = await createSubscriptionRepository(db).deleteOwn(
        viewer.id,
        checkedEndpoint(endpoint),
      );
      return { success: true, removed };
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
