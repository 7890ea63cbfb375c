import { THEMES } from '../../contract/settings-rules';
import type { Theme } from '../../contract/settings-rules';

/** This browser's copy of the theme choice, so the page has it before the account is read. */
const THEME_KEY = 'theme';

function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

/** The stored choice; 'system' when there is none or it is not one of ours. */
export function storedTheme(): Theme {
  const value = localStorage.getItem(THEME_KEY);
  return isTheme(value) ? value : 'system';
}

/**
 * Pins light or dark through data-theme on <html> (tokens.css follows it), or leaves the
 * system to decide, and remembers the choice in this browser.
 */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  if (theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme;
  localStorage.setItem(THEME_KEY, theme);
}

/** Applies the theme stored with an account record, when the record carries a valid one. */
export function applyAccountTheme(record: unknown): void {
  if (!record || typeof record !== 'object' || !('settings' in record)) return;
  const { settings } = record as { settings: unknown };
  if (!settings || typeof settings !== 'object' || !('theme' in settings)) return;
  const { theme } = settings as { theme: unknown };
  if (isTheme(theme) && theme !== storedTheme()) applyTheme(theme);
}
