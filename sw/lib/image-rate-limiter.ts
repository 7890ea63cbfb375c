import {
  IMAGE_429_RETRIES,
  IMAGE_429_STEP_MS,
  IMAGE_MAX_CONCURRENT,
  IMAGE_RATE_WINDOW_MS,
  IMAGE_START_GAP_MS,
} from './constants';

/** The parts of the network profile the limiter reads; read again at every decision. */
export interface RateSettings {
  imageRequestsPerMinute: number;
  imageSpacingMs: number;
}

/** `wanted`: the reader asked for this image (保存离线阅读), so it goes like one on screen. */
export interface ScheduleOptions {
  wanted?: boolean;
}

interface Pending {
  key: string;
  wanted: boolean;
  run: () => void;
  /** Arrival order, so equal priorities keep first come, first served. */
  order: number;
}

/**
 * Paces the worker's image requests (SPEC.md section 9): at most N starts in any minute, at most
 * 4 running at once, starts at least 100 ms apart. A request the minute budget refuses waits the
 * spacing (3 s, 5 s slow) before it asks again. Requests for images the page reports on screen
 * jump the queue, and the minute budget neither holds nor counts them (nor the ones started
 * before the page reported them on screen): it is there to pace what
 * the browser fetches ahead of the reader (lazy images it loads early, 2,500 px ahead on a slow
 * connection), and holding the first screen behind those starved the page for a minute. Images
 * the reader asked for by name (`wanted`) go the same way: a 保存离线阅读 after some browsing
 * otherwise waited out the minute with its button spinning.
 */
export class ImageRateLimiter {
  private readonly settings: () => RateSettings;
  private readonly queue: Pending[] = [];
  /** Starts counted against the minute budget, oldest first. */
  private starts: Array<{ key: string; at: number }> = [];
  private visible = new Set<string>();
  private running = 0;
  private lastStart = Number.NEGATIVE_INFINITY;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private arrivals = 0;

  constructor(settings: () => RateSettings) {
    this.settings = settings;
  }

  /** Runs `task` when the limits allow; `key` is the image's URL, matched against `prioritise`. */
  schedule<T>(key: string, task: () => Promise<T>, options: ScheduleOptions = {}): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const pending: Pending = {
        key,
        wanted: options.wanted === true,
        order: this.arrivals++,
        run: () => {
          task()
            .then(resolve, reject)
            .finally(() => {
              this.running--;
              this.pump();
            });
        },
      };
      this.queue.push(pending);
      // A wait for the minute budget must not hold an urgent one back.
      if (this.urgent(pending)) this.wakeNow();
      else this.pump();
    });
  }

  /**
   * The images on screen now (replaces the previous list). The page reports them after it asked
   * for them (the first screen's are asked by the HTML, before any script runs), so starts
   * already counted for them are given back to the budget.
   */
  prioritise(keys: Iterable<string>): void {
    this.visible = new Set(keys);
    const before = this.starts.length;
    this.starts = this.starts.filter((start) => !this.visible.has(start.key));
    const waiting = this.queue.some((pending) => this.urgent(pending));
    if (waiting || this.starts.length < before) this.wakeNow();
  }

  get waiting(): number {
    return this.queue.length;
  }

  private pump(): void {
    if (this.timer !== null) return;
    while (this.queue.length > 0 && this.running < IMAGE_MAX_CONCURRENT) {
      const now = Date.now();
      const { imageRequestsPerMinute, imageSpacingMs } = this.settings();
      while (this.starts.length > 0 && this.starts[0].at <= now - IMAGE_RATE_WINDOW_MS) {
        this.starts.shift();
      }
      const budgetLeft = this.starts.length < imageRequestsPerMinute;
      if (!budgetLeft && !this.queue.some((pending) => this.urgent(pending))) {
        this.wake(imageSpacingMs);
        return;
      }
      const gap = this.lastStart + IMAGE_START_GAP_MS - now;
      if (gap > 0) {
        this.wake(gap);
        return;
      }
      const next = this.takeNext();
      if (!this.urgent(next)) this.starts.push({ key: next.key, at: now });
      this.lastStart = now;
      this.running++;
      next.run();
    }
  }

  /**
   * The next request to start: urgent ones first, then first come, first served. Callers check
   * that an urgent one is waiting when no budget is left, and it then comes first.
   */
  private takeNext(): Pending {
    let best = 0;
    for (let index = 1; index < this.queue.length; index++) {
      if (this.before(this.queue[index], this.queue[best])) best = index;
    }
    return this.queue.splice(best, 1)[0];
  }

  private before(a: Pending, b: Pending): boolean {
    const aUrgent = this.urgent(a);
    if (aUrgent !== this.urgent(b)) return aUrgent;
    return a.order < b.order;
  }

  /** On screen or asked for by the reader: neither held for the minute budget nor counted. */
  private urgent(pending: Pending): boolean {
    return pending.wanted || this.visible.has(pending.key);
  }

  /** Drops a pending wait and decides again now (it sets the gap's wait again if still due). */
  private wakeNow(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.pump();
  }

  private wake(delayMs: number): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      this.pump();
    }, delayMs);
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * "429 retries 3 with 3 s steps": waits 3 s, 6 s, 9 s and asks again through the limiter, so a
 * retry counts against the minute budget like any request.
 */
export async function fetchWith429Retries(
  limiter: ImageRateLimiter,
  key: string,
  send: () => Promise<Response>,
  options: ScheduleOptions = {},
): Promise<Response> {
  let response = await limiter.schedule(key, send, options);
  for (let retry = 1; retry <= IMAGE_429_RETRIES && response.status === 429; retry++) {
    await delay(IMAGE_429_STEP_MS * retry);
    response = await limiter.schedule(key, send, options);
  }
  return response;
}
