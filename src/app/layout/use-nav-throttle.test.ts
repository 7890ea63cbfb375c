import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNavThrottle } from './use-nav-throttle';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.UTC(2026, 0, 1));
});

afterEach(() => vi.useRealTimers());

describe('useNavThrottle', () => {
  it('lets a navigation bar control act once per 2 s, each control on its own clock', () => {
    const { result } = renderHook(() => useNavThrottle());
    const allow = result.current;
    const event = { preventDefault: vi.fn() };
    expect(allow('bell')).toBe(true);
    vi.advanceTimersByTime(1_999);
    expect(allow('bell', event as never)).toBe(false);
    expect(event.preventDefault).toHaveBeenCalledTimes(1);
    expect(allow('envelope')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(allow('bell')).toBe(true);
  });
});
