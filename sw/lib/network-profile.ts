import {
  DEFAULT_IMAGE_WIDTH,
  DEFAULT_IMAGE_WIDTH_DATA_SAVER,
  DEFAULT_IMAGE_WIDTH_LOW_END,
  IMAGE_CACHE_MAX_AGE_MS,
  IMAGE_CACHE_MAX_AGE_SLOW_MS,
  IMAGE_QUALITY,
  IMAGE_QUALITY_DATA_SAVER,
  IMAGE_QUALITY_LOW_END,
  IMAGE_REQUESTS_PER_MINUTE,
  IMAGE_REQUESTS_PER_MINUTE_SLOW_MIN,
  IMAGE_SPACING_MS,
  IMAGE_SPACING_SLOW_MS,
  IMAGE_WIDTH_SCALE_SLOW_AND_SAVER,
  IMAGE_WIDTH_SCALE_SLOW_OR_SAVER,
  MEMORY_ITEMS,
  MEMORY_ITEMS_LOW_END,
  MEMORY_ITEMS_SMALL_MEMORY,
  SMALL_MEMORY_GB,
} from './constants';

/** What the browser tells about the device and its connection (all optional: most hide some). */
export interface DeviceSignals {
  /** NetworkInformation.effectiveType: 'slow-2g' | '2g' | '3g' | '4g'. */
  effectiveType?: string;
  /** NetworkInformation.saveData, or a `Save-Data: on` request header. */
  saveData?: boolean;
  /** navigator.deviceMemory in GB (rounded by the browser: 0.25 … 8). */
  deviceMemory?: number;
  hardwareConcurrency?: number;
}

export interface NetworkProfile {
  slow: boolean;
  lowEnd: boolean;
  dataSaver: boolean;
  /** The `q` asked of the server's image variants. */
  imageQuality: number;
  /** The `w` asked when the page gave none. */
  defaultImageWidth: number;
  /** The share of the page's `w` asked (1 on a normal connection). */
  imageWidthScale: number;
  imageCacheMaxAgeMs: number;
  memoryItems: number;
  imageRequestsPerMinute: number;
  imageSpacingMs: number;
  /** HEAD availability checks cost a request each: data saver turns them off. */
  headChecks: boolean;
}

const SLOW_TYPES = new Set(['slow-2g', '2g', '3g']);
const VERY_SLOW_TYPES = new Set(['slow-2g', '2g']);
const LOW_END_CORES = 2;

/**
 * Decides how the worker treats images for this device. A slow connection is handled like data
 * saver for quality and width: its user pays for every byte in waiting time, which is what the
 * lower quality and the smaller widths are for.
 */
export function networkProfile(signals: DeviceSignals): NetworkProfile {
  const slow = signals.effectiveType !== undefined && SLOW_TYPES.has(signals.effectiveType);
  const dataSaver = signals.saveData === true;
  const smallMemory = signals.deviceMemory !== undefined && signals.deviceMemory <= SMALL_MEMORY_GB;
  const fewCores =
    signals.hardwareConcurrency !== undefined && signals.hardwareConcurrency <= LOW_END_CORES;
  const lowEnd = smallMemory || fewCores;

  const imageQuality =
    dataSaver || slow ? IMAGE_QUALITY_DATA_SAVER : lowEnd ? IMAGE_QUALITY_LOW_END : IMAGE_QUALITY;
  const defaultImageWidth =
    dataSaver || slow
      ? DEFAULT_IMAGE_WIDTH_DATA_SAVER
      : lowEnd
        ? DEFAULT_IMAGE_WIDTH_LOW_END
        : DEFAULT_IMAGE_WIDTH;
  const verySlow =
    signals.effectiveType !== undefined && VERY_SLOW_TYPES.has(signals.effectiveType);
  const imageWidthScale =
    (slow && dataSaver) || verySlow
      ? IMAGE_WIDTH_SCALE_SLOW_AND_SAVER
      : slow || dataSaver
        ? IMAGE_WIDTH_SCALE_SLOW_OR_SAVER
        : 1;
  const memoryItems = smallMemory
    ? MEMORY_ITEMS_SMALL_MEMORY
    : lowEnd
      ? MEMORY_ITEMS_LOW_END
      : MEMORY_ITEMS;

  return {
    slow,
    lowEnd,
    dataSaver,
    imageQuality,
    defaultImageWidth,
    imageWidthScale,
    imageCacheMaxAgeMs: slow ? IMAGE_CACHE_MAX_AGE_SLOW_MS : IMAGE_CACHE_MAX_AGE_MS,
    memoryItems,
    imageRequestsPerMinute: slow
      ? Math.max(IMAGE_REQUESTS_PER_MINUTE_SLOW_MIN, Math.floor(IMAGE_REQUESTS_PER_MINUTE / 2))
      : IMAGE_REQUESTS_PER_MINUTE,
    imageSpacingMs: slow ? IMAGE_SPACING_SLOW_MS : IMAGE_SPACING_MS,
    headChecks: !dataSaver,
  };
}

interface ConnectionLike {
  effectiveType?: string;
  saveData?: boolean;
}

/** The parts of (Worker)Navigator that carry signals; most are missing outside Chromium. */
export interface NavigatorLike {
  connection?: ConnectionLike;
  deviceMemory?: number;
  hardwareConcurrency?: number;
}

/** Reads the signals now (they change as the connection does); a request's Save-Data header counts too. */
export function readDeviceSignals(nav: NavigatorLike, request?: Request): DeviceSignals {
  const headerSaveData = request?.headers.get('save-data')?.toLowerCase() === 'on';
  return {
    effectiveType: nav.connection?.effectiveType,
    saveData: nav.connection?.saveData === true || headerSaveData,
    deviceMemory: nav.deviceMemory,
    hardwareConcurrency: nav.hardwareConcurrency,
  };
}
