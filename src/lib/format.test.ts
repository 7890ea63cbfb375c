import { describe, expect, it } from 'vitest';
import { formatCount, formatTime } from './format';

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1.0k'],
    [1234, '1.2k'],
    [9999, '9.9k'],
    [10000, '1.0万'],
    [12345, '1.2万'],
    [1_234_567, '123.4万'],
  ])('%i reads %s', (value, expected) => {
    expect(formatCount(value)).toBe(expected);
  });

  it('reads missing or negative counts as 0', () => {
    expect(formatCount(undefined)).toBe('0');
    expect(formatCount(null)).toBe('0');
    expect(formatCount(-5)).toBe('0');
    expect(formatCount(Number.NaN)).toBe('0');
  });
});

describe('formatTime', () => {
  const now = new Date(2026, 5, 15, 18, 30, 0);

  it('shows the time with seconds on the same day', () => {
    expect(formatTime(new Date(2026, 5, 15, 9, 5, 7), now)).toBe('09:05:07');
  });

  it('shows month and day within the same year', () => {
    expect(formatTime(new Date(2026, 5, 14, 23, 59, 59), now)).toBe('6月14日');
    expect(formatTime(new Date(2026, 0, 3).getTime(), now)).toBe('1月3日');
  });

  it('shows years ago for older dates', () => {
    expect(formatTime(new Date(2025, 11, 31), now)).toBe('1 年前');
    expect(formatTime(new Date(2023, 5, 15).toISOString(), now)).toBe('3 年前');
  });

  it('gives an empty string for an unreadable date', () => {
    expect(formatTime('not a date', now)).toBe('');
  });
});
