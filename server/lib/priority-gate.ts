/**
 * Lets costly requests (searches) give way to cheap ones on the thread that answers every
 * request. While that thread is `saturated()` and other requests are being answered (one is in
 * flight, or one ended within the last `quietMs`), at most `busySlots` costly requests run at
 * once, each next one is let in only after a whole turn of the event loop, so the requests read
 * in that turn go first, and no sooner than `busyGapMs` after the one before it. Otherwise up to
 * `idleSlots` run at once, each next one as soon as a slot is free. Beyond `maxWaiting` in line,
 * a costly request is refused with `full()` rather than held without end, and one whose client
 * has hung up by its turn is given up with `gone()`: under a flood of searches that time out or
 * are dropped, a line worked through to its end would spend the thread on answers no one reads.
 *
 * No library schedules by class of request on one event loop (p-limit and piscina cap
 * concurrency only), hence this one; see docs/decisions/031-search-gives-way.md.
 */
export interface PriorityGate {
  /** A request that is not costly started; `otherEnded` when its answer is sent or given up. */
  otherStarted(): void;
  otherEnded(): void;
  /** Whether others are answered on a saturated thread (costly ones then run `busySlots` at a time). */
  contended(): boolean;
  /** `abandoned()` says whether the request's client has hung up (checked when its turn comes). */
  run<T>(work: () => Promise<T>, abandoned?: () => boolean): Promise<T>;
  /**
   * Costly requests running and waiting now, and how many were given up since the start (for
   * /metrics: a request given up is never answered, so no answer's log line or count shows it).
   */
  stats(): { running: number; waiting: number; givenUp: number };
}

export interface PriorityGateOptions {
  busySlots: number;
  /** While others are answered, costly requests start at least this far apart. */
  busyGapMs: number;
  /**
   * While others are answered, the next costly request also waits this many times as long as
   * the last one took after it ended: a costlier kind of request (a phrase, a rare shape of
   * query) then gets no larger share of the time than a cheap one, where a fixed gap gave it
   * more in proportion to its cost.
   */
  busyRestFactor: number;
  /**
   * The longest such rest: a request that took long because it waited (the first search after
   * a start loads the segmenter's dictionary for a second or two) would otherwise hold every
   * other back for several times that.
   */
  busyRestMaxMs: number;
  idleSlots: number;
  quietMs: number;
  maxWaiting: number;
  /** The error a costly request gets when `maxWaiting` are already in line. */
  full: () => Error;
  /** The error of a costly request whose client hung up before its turn. */
  gone: () => Error;
  /**
   * Whether the thread has no time to spare (by default always): a site with time to spare
   * answers costly requests as they come, however many others it answers beside them.
   */
  saturated?: () => boolean;
  /** The clock, for tests; `performance.now` otherwise. */
  now?: () => number;
}

export function createPriorityGate(options: PriorityGateOptions): PriorityGate {
  const now = options.now ?? (() => performance.now());
  let otherAt = Number.NEGATIVE_INFINITY;
  /**
   * Other requests in flight: while the thread is held by costly ones, answers to others come
   * late, and a gate that counted answers alone saw the site quiet and let 32 searches in.
   */
  let others = 0;
  let startedAt = Number.NEGATIVE_INFINITY;
  /** When the rest after the last costly request ends (`busyRestFactor`). */
  let restUntil = Number.NEGATIVE_INFINITY;
  let running = 0;
  let givenUp = 0;
  let admitting = false;
  const waiting: (() => void)[] = [];
  const saturated = options.saturated ?? (() => true);
  const contended = () => (others > 0 || now() - otherAt < options.quietMs) && saturated();
  const slots = () => (contended() ? options.busySlots : options.idleSlots);
  /** How long the next costly request must still wait for the gap after the last one. */
  const gapLeft = () =>
    contended() ? Math.max(startedAt + options.busyGapMs, restUntil) - now() : 0;
  const start = () => {
    running += 1;
    startedAt = now();
  };

  function admit() {
    admitting = false;
    const left = gapLeft();
    if (left > 0) {
      admitting = true;
      setTimeout(admit, left);
      return;
    }
    while (waiting.length > 0 && running < slots()) {
      start();
      waiting.shift()?.();
    }
  }

  return {
    otherStarted() {
      others += 1;
    },
    otherEnded() {
      others -= 1;
      otherAt = now();
    },
    contended,
    stats: () => ({ running, waiting: waiting.length, givenUp }),
    async run(work, abandoned) {
      if (waiting.length === 0 && running < slots() && gapLeft() <= 0) start();
      else if (waiting.length >= options.maxWaiting) throw options.full();
      else {
        const turn = new Promise<void>((resolve) => waiting.push(resolve));
        // Nothing running would let it in when it ends: it waits for the gap alone.
        if (running < slots() && !admitting) admit();
        await turn;
      }
      const began = now();
      try {
        if (abandoned?.()) {
          givenUp += 1;
          throw options.gone();
        }
        return await work();
      } finally {
        const ended = now();
        const rest = Math.min((ended - began) * options.busyRestFactor, options.busyRestMaxMs);
        restUntil = Math.max(restUntil, ended + rest);
        running -= 1;
        if (waiting.length > 0 && !admitting) {
          if (contended()) {
            admitting = true;
            // An immediate set now runs at the end of this turn of the event loop; the one it
            // sets runs at the end of the next, after that turn has read what arrived meanwhile.
            setImmediate(() => setImmediate(admit));
          } else {
            admit();
          }
        }
      }
    },
  };
}
