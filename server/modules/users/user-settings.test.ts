import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../contract/settings.ts';
import { mergeSettings, readUserSettings } from './user-settings.ts';

describe('stored user settings', () => {
  it.each(['', 'not json', '[]', 'null', '{}', '{"theme":"blue","notifications":7}'])(
    'falls back to the defaults for %j',
    (stored) => {
      expect(readUserSettings(stored)).toEqual(DEFAULT_SETTINGS);
    },
  );

  it('keeps valid saved values and fills the rest', () => {
    expect(
      readUserSettings(
        '{"theme":"light","notifications":{"like":false,"comment":"no"},"push":{"follow":false,"reply":1}}',
      ),
    ).toEqual({
      theme: 'light',
      notifications: { ...DEFAULT_SETTINGS.notifications, like: false },
      push: { ...DEFAULT_SETTINGS.push, follow: false },
    });
  });

  it('merges a partial change', () => {
    const merged = mergeSettings(DEFAULT_SETTINGS, {
      notifications: { message: false },
      push: { review: false },
    });
    expect(merged).toEqual({
      theme: 'system',
      notifications: { ...DEFAULT_SETTINGS.notifications, message: false },
      push: { ...DEFAULT_SETTINGS.push, review: false },
    });
    expect(DEFAULT_SETTINGS.notifications.message).toBe(true);
  });
});
