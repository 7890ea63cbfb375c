/**
 * A minimal server-sent events reader for tests: trades a token for a ticket, opens
 * `GET /api/events` with fetch and hands out parsed events as they arrive.
 */
export interface ReceivedEvent {
  id: string | null;
  event: string;
  data: unknown;
}

export interface TestStream {
  status: number;
  headers: Headers;
  /** The next event (of the given name, skipping others), or a rejection after `timeoutMs`. */
  next(name?: string, timeoutMs?: number): Promise<ReceivedEvent>;
  /** Resolves when a comment line (e.g. a heartbeat) arrives. */
  nextComment(timeoutMs?: number): Promise<string>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function issueTicket(origin: string, token: string): Promise<string> {
  const response = await fetch(`${origin}/api/events/ticket`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`ticket failed: ${response.status}`);
  return ((await response.json()) as { ticket: string }).ticket;
}

export async function openStream(
  origin: string,
  ticket: string,
  options: { lastEventId?: string; headerLastEventId?: string } = {},
): Promise<TestStream> {
  const controller = new AbortController();
  const url = new URL('/api/events', origin);
  url.searchParams.set('ticket', ticket);
  if (options.lastEventId) url.searchParams.set('lastEventId', options.lastEventId);
  const response = await fetch(url, {
    signal: controller.signal,
    headers: options.headerLastEventId ? { 'last-event-id': options.headerLastEventId } : {},
  });

  const events: ReceivedEvent[] = [];
  const comments: string[] = [];
  let wake: (() => void) | null = null;
  const changed = () => new Promise<void>((resolve) => (wake = resolve));

  let endStream: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => (endStream = resolve));

  async function pump() {
    if (!response.body) return;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const parsed: ReceivedEvent = { id: null, event: 'message', data: null };
          let hasData = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('id: ')) parsed.id = line.slice(4);
            else if (line.startsWith('event: ')) parsed.event = line.slice(7);
            else if (line.startsWith('data: ')) {
              parsed.data = JSON.parse(line.slice(6));
              hasData = true;
            }
          }
          if (hasData) events.push(parsed);
          wake?.();
        }
      }
    } catch {
      // Aborted by close().
    }
    endStream();
    wake?.();
  }
  void pump();

  async function waitFor<T>(
    take: () => T | undefined,
    timeoutMs: number,
    what: string,
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = take();
      if (found !== undefined) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}`);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        changed(),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, left))),
      ]);
      clearTimeout(timer);
    }
  }

  return {
    status: response.status,
    headers: response.headers,
    next(name, timeoutMs = 3000) {
      return waitFor(
        () => {
          const index = events.findIndex((event) => !name || event.event === name);
          if (index < 0) return undefined;
          return events.splice(0, index + 1).at(-1);
        },
        timeoutMs,
        `event ${name ?? '(any)'}`,
      );
    },
    nextComment(timeoutMs = 3000) {
      return waitFor(() => comments.shift(), timeoutMs, 'a comment line');
    },
    ended,
    close() {
      controller.abort();
    },
  };
}
