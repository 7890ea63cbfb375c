import { useEffect } from 'react';
import useSWR from 'swr';
import type { NotificationType } from '../../../../contract/notification';
import { onRealtime } from '../../../lib/realtime';
import { useSessionStore } from '../../../stores/session-store';
import { getAtmosphereMe, getAtmosphereRules } from '../api/atmosphere';

export function useAtmosphereRules() {
  return useSWR('atmosphere-rules', getAtmosphereRules, { revalidateOnFocus: false });
}

/** What others do to the user's notes that may earn atmosphere points. */
const EARNING_NOTIFICATIONS: ReadonlySet<NotificationType> = new Set([
  'like',
  'favorite',
  'comment',
  'reply',
  'post_approved',
]);

/** Reads the value from the server and applies it to the stored user when it changed. */
async function syncAtmosphere(): Promise<void> {
  const { user, updateUser } = useSessionStore.getState();
  if (!user) return;
  try {
    const { value } = await getAtmosphereMe();
    const current = useSessionStore.getState().user;
    if (current?.id === user.id && current.atmosphereValue !== value) {
      // updateUser stores it and raises auth-change (SPEC.md section 4).
      updateUser({ atmosphereValue: value });
    }
  } catch {
    // The value is a nicety; the next sign-in or refresh brings it anyway.
  }
}

/**
 * Keeps the signed-in user's atmosphere value current while the app runs: whenever the live
 * stream says someone liked, favorited or commented. (The daily bonus comes with the user
 * re-read after each sign-in.)
 */
export function useAtmosphereSync(userId: string) {
  useEffect(
    () =>
      onRealtime('notification', (notification) => {
        if (EARNING_NOTIFICATIONS.has(notification.type)) void syncAtmosphere();
      }),
    [userId],
  );
}
