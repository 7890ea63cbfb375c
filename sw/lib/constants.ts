/**
 * Business constants of SPEC.md section 9 that the service worker applies, with the spec's own
 * words. Numbers the spec does not give are marked "ours".
 */

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

/** "Image cache: persistent 7 days (14 on slow connections)". */
export const IMAGE_CACHE_MAX_AGE_MS = 7 * DAY;
export const IMAGE_CACHE_MAX_AGE_SLOW_MS = 14 * DAY;

/** Ours: the persistent image cache keeps at most this many variants (one note has up to 9). */
export const IMAGE_CACHE_MAX_ENTRIES = 400;

/**
 * "max 100 in-memory items (50 low-end, 30 when memory is 2 GB or less); overflow removes oldest
 * quarter".
 */
export const MEMORY_ITEMS = 100;
export const MEMORY_ITEMS_LOW_END = 50;
export const MEMORY_ITEMS_SMALL_MEMORY = 30;
export const SMALL_MEMORY_GB = 2;
export const MEMORY_OVERFLOW_DROP_SHARE = 0.25;

/** "JPEG quality 0.85 (0.7 low-end, 0.6 data saver)". */
export const IMAGE_QUALITY = 0.85;
export const IMAGE_QUALITY_LOW_END = 0.7;
export const IMAGE_QUALITY_DATA_SAVER = 0.6;

/**
 * "30 requests/minute (halved, min 10, on slow connections) with 3 s spacing (5 s slow)".
 * The spacing is how long a request the minute budget refused waits before it asks again.
 */
export const IMAGE_REQUESTS_PER_MINUTE = 30;
export const IMAGE_REQUESTS_PER_MINUTE_SLOW_MIN = 10;
export const IMAGE_RATE_WINDOW_MS = MINUTE;
export const IMAGE_SPACING_MS = 3 * SECOND;
export const IMAGE_SPACING_SLOW_MS = 5 * SECOND;

/** "max 4 concurrent loads, 100 ms apart". */
export const IMAGE_MAX_CONCURRENT = 4;
export const IMAGE_START_GAP_MS = 100;

/** "429 retries 3 with 3 s steps". */
export const IMAGE_429_RETRIES = 3;
export const IMAGE_429_STEP_MS = 3 * SECOND;

/** "HEAD check timeout 5 s (off in data saver)". */
export const IMAGE_HEAD_TIMEOUT_MS = 5 * SECOND;

/** "error log 100 entries, 30 min". */
export const IMAGE_ERROR_LOG_ENTRIES = 100;
export const IMAGE_ERROR_LOG_MAX_AGE_MS = 30 * MINUTE;

/** Ours: how long an API read waits for the network before it answers from the cache. */
export const API_NETWORK_TIMEOUT_MS = 3 * SECOND;

/** Ours: an API copy kept for offline reading is dropped after this long. */
export const API_CACHE_MAX_AGE_MS = 30 * DAY;
export const API_CACHE_MAX_ENTRIES = 200;

/** Ours: widths asked when the page gave none, matching the server's variant widths. */
export const DEFAULT_IMAGE_WIDTH = 1280;
export const DEFAULT_IMAGE_WIDTH_LOW_END = 960;
export const DEFAULT_IMAGE_WIDTH_DATA_SAVER = 640;

/**
 * Ours: the share of the page's chosen width the worker asks for. The page picks a width for
 * the screen's pixel density (640 for a phone card at 3x); a slow connection or data saver gets
 * 0.75 of it, both together (or 2g) half: still about 1.6 pixels per CSS pixel on a phone, and a
 * third or less of the bytes. The result is snapped down to a width the server makes.
 */
export const IMAGE_WIDTH_SCALE_SLOW_OR_SAVER = 0.75;
export const IMAGE_WIDTH_SCALE_SLOW_AND_SAVER = 0.5;
/** Ours: never below the smallest card variant, whatever the scale. */
export const IMAGE_MIN_SCALED_WIDTH = 320;

/** The query parameter SPEC.md section 7 adds to every GET to defeat caches. */
export const TIMESTAMP_PARAM = '_t';
