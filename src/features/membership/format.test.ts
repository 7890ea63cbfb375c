import { describe, expect, it } from 'vitest';
import { formatDate, formatYuan } from './format';

describe('formatYuan', () => {
  it('drops .00 from whole yuan and keeps two decimals otherwise', () => {
    expect(formatYuan(18)).toBe('18');
    expect(formatYuan(9.9)).toBe('9.90');
    expect(formatYuan(0.5)).toBe('0.50');
  });
});

describe('formatDate', () => {
  it('writes a Chinese date and nothing for an unreadable one', () => {
    expect(formatDate('2026-06-01T12:00:00')).toBe('2026年6月1日');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(null)).toBe('');
  });
});
