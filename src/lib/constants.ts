/** Business constants of SPEC.md section 9 used by the browser, with the spec's own words. */

/** "Request timeout 30 s (user fetch 10 s; password login 15 s)." */
export const REQUEST_TIMEOUT_MS = 30_000;
export const USER_FETCH_TIMEOUT_MS = 10_000;
export const LOGIN_TIMEOUT_MS = 15_000;

/** "Retries 3", "delay 1 s times attempt number, timeout 15 s plus 5 s per attempt". */
export const RETRY_COUNT = 3;
export const RETRY_DELAY_STEP_MS = 1_000;
export const RETRY_TIMEOUT_BASE_MS = 15_000;
export const RETRY_TIMEOUT_STEP_MS = 5_000;

/** "401 and network notice cooldown 10 s." */
export const NOTICE_COOLDOWN_MS = 10_000;

/** "Max image URL length 2000." */
export const MAX_IMAGE_URL_LENGTH = 2_000;

/** "Search history 5; hot searches AI, 编程, 设计, 生活, 摄影. Badge cap 99+." */
export const SEARCH_HISTORY_LIMIT = 5;
export const HOT_SEARCHES = ['AI', '编程', '设计', '生活', '摄影'] as const;
export const BADGE_CAP = 99;

/** "Navigation bar clicks are throttled to 2 s." */
export const NAV_CLICK_THROTTLE_MS = 2_000;

/** "Prefetch delay 3 s." */
export const PREFETCH_DELAY_MS = 3_000;

/** "Toasts ... auto-close after 3 seconds." */
export const TOAST_DURATION_MS = 3_000;

/**
 * "feedback toast 3 s, at most 3; message toast default 3 s, top offset 8; notice 4.5 s; stack
 * threshold 3." react-hot-toast has one kind of toast: all last 3 s, sit 8 px from the top, and
 * past 3 on screen the oldest goes; a notice (the network notice) stays 4.5 s.
 */
export const TOAST_TOP_OFFSET_PX = 8;
export const TOAST_LIMIT = 3;
export const NOTICE_DURATION_MS = 4_500;

/**
 * "Unread polling at least 30 s apart (5 s when forced). Backup polling: 5 min when real-time
 * link connected, 60 s when tab visible and not connected, 120 s when hidden."
 */
export const UNREAD_MIN_GAP_MS = 30_000;
export const UNREAD_FORCED_MIN_GAP_MS = 5_000;
export const UNREAD_POLL_CONNECTED_MS = 300_000;
export const UNREAD_POLL_VISIBLE_MS = 60_000;
export const UNREAD_POLL_HIDDEN_MS = 120_000;

/** "User refresh debounced 300 ms, at least 3 s apart." */
export const USER_REFRESH_DEBOUNCE_MS = 300;
export const USER_REFRESH_MIN_GAP_MS = 3_000;

/** "After registration or login ... user info refreshes after 500 ms." */
export const POST_LOGIN_REFRESH_DELAY_MS = 500;
