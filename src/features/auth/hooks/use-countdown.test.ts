import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from './use-countdown';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useCountdown', () => {
  it('counts down once a second and stops at zero', () => {
    const { result } = renderHook(() => useCountdown());
    expect(result.current).toMatchObject({ remaining: 0, running: false });
    act(() => result.current.start(60));
    expect(result.current).toMatchObject({ remaining: 60, running: true });
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.remaining).toBe(59);
    act(() => vi.advanceTimersByTime(58_000));
    expect(result.current.remaining).toBe(1);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toMatchObject({ remaining: 0, running: false });
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.remaining).toBe(0);
  });

  it('follows the clock when ticks were held back', () => {
    const { result } = renderHook(() => useCountdown());
    act(() => result.current.start(60));
    // A background tab: the clock moves 30 s while only one tick runs.
    vi.setSystemTime(Date.now() + 30_000);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.remaining).toBe(29);
  });

  it('restarts from a new deadline', () => {
    const { result } = renderHook(() => useCountdown());
    act(() => result.current.start(60));
    act(() => vi.advanceTimersByTime(10_000));
    act(() => result.current.start(60));
    expect(result.current.remaining).toBe(60);
  });
});
