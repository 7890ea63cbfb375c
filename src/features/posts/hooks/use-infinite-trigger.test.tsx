import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useInfiniteTrigger } from './use-infinite-trigger';

/** Every IntersectionObserver made, reporting the element as on screen when it starts. */
const observers: { disconnected: boolean }[] = [];

class OnScreenObserver {
  record = { disconnected: false };
  constructor(private readonly callback: IntersectionObserverCallback) {
    observers.push(this.record);
  }
  observe(target: Element) {
    // As a real observer does: its first report says where the element is now.
    queueMicrotask(() => {
      if (this.record.disconnected) return;
      this.callback(
        [{ isIntersecting: true, target } as unknown as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      );
    });
  }
  disconnect() {
    this.record.disconnected = true;
  }
}

function List(props: { onReach: () => void; enabled: boolean; count: number }) {
  const sentinel = useInfiniteTrigger(props.onReach, props.enabled, props.count);
  return <div ref={sentinel} />;
}

afterEach(() => {
  vi.unstubAllGlobals();
  observers.length = 0;
});

describe('useInfiniteTrigger', () => {
  it('asks again when loading is allowed again while the sentinel never left the screen', async () => {
    vi.stubGlobal('IntersectionObserver', OnScreenObserver);
    const onReach = vi.fn();
    // The first page's refresh is on its way: the list may not load yet.
    const { rerender } = render(<List onReach={onReach} enabled={false} count={20} />);
    await act(async () => {});
    expect(onReach).not.toHaveBeenCalled();

    rerender(<List onReach={onReach} enabled count={20} />);
    await act(async () => {});
    expect(onReach).toHaveBeenCalledTimes(1);

    // Page 2 on its way, then in: still on screen, so page 3 is asked for.
    rerender(<List onReach={onReach} enabled={false} count={20} />);
    rerender(<List onReach={onReach} enabled count={40} />);
    await act(async () => {});
    expect(onReach).toHaveBeenCalledTimes(2);
    expect(observers.filter((observer) => !observer.disconnected)).toHaveLength(1);
  });
});
