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
  const savedSwitches = isRecord(saved.notifications) ? saved.notifications : {};
  const notifications = { ...DEFAULT_SETTINGS.notifications };
  for (const kind of NOTIFICATION_KINDS) {
    const value = savedSwitches[kind];
    if (typeof value === 'boolean') notifications[kind] = value;
  }
  const theme = THEMES.find((known) => known === saved.theme) ?? DEFAULT_SETTINGS.theme;
  return { notifications, theme };
}

export function mergeSettings(current: UserSettings, changes: UpdateSettingsBody): UserSettings {
  return {
    notifications: { ...current.notifications, ...changes.notifications },
    theme: changes.theme ?? current.theme,
  };
}
