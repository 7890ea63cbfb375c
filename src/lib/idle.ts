/** Longest wait for a quiet moment before the work runs anyway. */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * Runs `run` when the main thread has a quiet moment (setTimeout where the browser has no
 * requestIdleCallback). Returns a function that cancels it.
 */
export function whenIdle(run: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 0);
  return () => clearTimeout(timer);
}
