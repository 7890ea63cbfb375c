// Lowers the priority of the calling worker thread (read-worker.js, postings-worker.js). Plain
// JavaScript, as the workers that import it.
import { setPriority } from 'node:os';

/**
 * The niceness of the threads that rank and read for searches. When every core is busy the
 * kernel then gives the thread that answers requests (niceness 0) the time first: beside 40
 * connections of distinct searches the home feed kept 63–68 % of its throughput alone with
 * these threads at 0, 79 % at 10 and 90 % at 19, while searches alone ran as fast at each
 * (2,271–2,346 a second), since alone they leave cores idle (decision 033).
 */
export const BACKGROUND_NICENESS = 19;

/**
 * On Linux a niceness belongs to a thread, and `setPriority` without a pid sets the caller's.
 * Elsewhere it would lower the whole process, the thread that answers requests with it, so
 * other systems keep the one priority. piscina's own `niceIncrement` does the same through an
 * optional native addon (@napi-rs/nice), ignored when it fails to load and applied on every
 * system: Node's `setPriority` needs no addon and is guarded here.
 */
export function runInBackground() {
  if (process.platform === 'linux') setPriority(BACKGROUND_NICENESS);
}
