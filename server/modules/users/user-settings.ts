import { PUSH_KINDS } from '../../../contract/push-payload.ts';
import { NOTIFICATION_KINDS, THEMES } from '../../../contract/settings-rules.ts';
import { DEFAULT_SETTINGS } from '../../../contract/settings.ts';
import type { UpdateSettingsBody, UserSettings } from '../../../contract/settings.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A user's preferences from the stored JSON, defaults filling whatever is missing or malformed
 * (rows written before a preference existed, or by hand). Notifications read this too.
 */
export function readUserSettings(stored: string): UserSettings {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    parsed = {};
  }
  const saved = isRecord(parsed) ? parsed : {};
  const theme = THEMES.find((known) => known === saved.theme) ?? DEFAULT_SETTINGS.theme;
  return {
    notifications: readSwitches(
      saved.notifications,
      DEFAULT_SETTINGS.notifications,
      NOTIFICATION_KINDS,
    ),
    push: readSwitches(saved.push, DEFAULT_SETTINGS.push, PUSH_KINDS),
    theme,
  };
}

function readSwitches<K extends string>(
  stored: unknown,
  defaults: Record<K, boolean>,
  kinds: readonly K[],
): Record<K, boolean> {
  const savedSwitches = isRecord(stored) ? stored : {};
  const switches = { ...defaults };
  for (const kind of kinds) {
    const value = savedSwitches[kind];
    if (typeof value === 'boolean') switches[kind] = value;
  }
  return switches;
}

export function mergeSettings(current: UserSettings, changes: UpdateSettingsBody): UserSettings {
  return {
    notifications: { ...current.notifications, ...changes.notifications },
    push: { ...current.push, ...changes.push },
    theme: changes.theme ?? current.theme,
  };
}
