import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left until `start(seconds)`'s deadline, ticking once a second. It counts against the
 * clock rather than ticks, so a throttled background tab still ends on time.
 */
export function useCountdown() {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [remaining, setRemaining] = useState(0);

  useEffect(() => {
    if (deadline === null) return;
    const update = () => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) setDeadline(null);
    };
    update();
    const timer = setInterval(update, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  const start = useCallback((seconds: number) => {
    setDeadline(Date.now() + seconds * 1000);
  }, []);

  return { remaining, running: remaining > 0, start };
}
