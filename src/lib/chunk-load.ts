/**
 * SPEC.md section 8: "Script chunk load failure raises ChunkLoadError after 120 s (styles:
 * CSS_CHUNK_LOAD_FAILED)". A lazy page whose bundle never arrives, or fails, becomes one error
 * the shell can recognise and answer with a reload page instead of a blank screen.
 */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const CSS_CHUNK_LOAD_FAILED = 'CSS_CHUNK_LOAD_FAILED';

export class ChunkLoadError extends Error {
  /** Set when a page's styles, not its script, failed. */
  readonly code: typeof CSS_CHUNK_LOAD_FAILED | undefined;

  constructor(message: string, options: { cause?: unknown; css?: boolean } = {}) {
    super(message, { cause: options.cause });
    this.name = 'ChunkLoadError';
    this.code = options.css ? CSS_CHUNK_LOAD_FAILED : undefined;
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

/** Vite's preload helper reports "Unable to preload CSS for /assets/x.css". */
const CSS_FAILURE = /preload CSS/i;

/**
 * What browsers say when a dynamic import cannot be fetched: Chromium "Failed to fetch
 * dynamically imported module", Firefox "error loading dynamically imported module", Safari
 * "Importing a module script failed".
 */
const SCRIPT_FAILURE = /dynamically imported module|importing a module script failed/i;

/** The ChunkLoadError a failed import stands for, or null when it failed for another reason. */
export function asChunkLoadError(error: unknown): ChunkLoadError | null {
  if (isChunkLoadError(error)) return error;
  const message = error instanceof Error ? error.message : '';
  if (CSS_FAILURE.test(message)) return new ChunkLoadError(message, { cause: error, css: true });
  if (SCRIPT_FAILURE.test(message)) return new ChunkLoadError(message, { cause: error });
  return null;
}

/** Runs a dynamic import that gives up after 120 s; load failures become ChunkLoadErrors. */
export function loadChunk<T>(
  load: () => Promise<T>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`Loading a page bundle took over ${timeoutMs} ms`)),
      timeoutMs,
    );
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(asChunkLoadError(error) ?? error);
      },
    );
  });
}
