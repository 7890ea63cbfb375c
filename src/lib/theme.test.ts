import { afterEach, describe, expect, it } from 'vitest';
import { applyAccountTheme, applyTheme, storedTheme } from './theme';

afterEach(() => {
  delete document.documentElement.dataset.theme;
});

describe('theme', () => {
  it('pins light or dark on <html> and lets the system decide otherwise', () => {
    applyTheme('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(storedTheme()).toBe('dark');
    applyTheme('system');
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(storedTheme()).toBe('system');
  });

  it('treats a missing or unknown stored value as system', () => {
    expect(storedTheme()).toBe('system');
    localStorage.setItem('theme', 'purple');
    expect(storedTheme()).toBe('system');
  });

  it('follows the theme of an account record and ignores anything else', () => {
    applyAccountTheme({ settings: { theme: 'light' } });
    expect(document.documentElement.dataset.theme).toBe('light');
    applyAccountTheme({ settings: { theme: 'neon' } });
    applyAccountTheme({ username: 'x' });
    applyAccountTheme(null);
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});
