import { createHash } from 'node:crypto';
import { errorText } from '../../../contract/messages.ts';
import { IMAGE_WIDTHS } from '../../../contract/post.ts';
import { AppError } from '../../lib/errors.ts';
import { loadSharp } from '../../lib/sharp.ts';
import { variantPrefix } from '../storage/storage.ts';
import type { Storage } from '../storage/storage.ts';

/** What the browser asked for, reduced to a few cacheable choices. */
export interface VariantSpec {
  /** One of IMAGE_WIDTHS, or null to keep the original width. */
  width: number | null;
  /** 30–100, in steps of 5. */
  quality: number;
  format: 'webp' | 'jpeg' | 'png' | 'gif';
}

export const DEFAULT_QUALITY = 82;
/** A reader who asked to save data (Save-Data: on) gets at most this quality. */
export const SAVE_DATA_QUALITY = 60;

const ORIGINAL_FORMAT = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/gif': 'gif' } as const;

/** The next allowed width up (never upscaled past the largest), or null when none was asked. */
export function snapWidth(raw: string | undefined): number | null {
  const asked = Number(raw);
  if (!raw || !Number.isFinite(asked) || asked <= 0) return null;
  return IMAGE_WIDTHS.find((width) => width >= asked) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
}

/** `q` as 0.3–1 (the worker's 0.85) or 30–100; null when absent or unreadable. */
export function parseQuality(raw: string | undefined): number | null {
  const asked = Number(raw);
  if (!raw || !Number.isFinite(asked) || asked <= 0) return null;
  const percent = asked <= 1 ? asked * 100 : asked;
  return Math.min(100, Math.max(30, Math.round(percent / 5) * 5));
}

/**
 * Which variant to send, or null for the original bytes (nothing asked that needs re-encoding).
 */
export function chooseVariant(input: {
  mime: keyof typeof ORIGINAL_FORMAT;
  originalWidth: number;
  w?: string;
  q?: string;
  accept?: string;
  saveData?: string;
}): VariantSpec | null {
  const snapped = snapWidth(input.w);
  const width = snapped !== null && snapped < input.originalWidth ? snapped : null;
  const asked = parseQuality(input.q);
  const saveData = input.saveData?.toLowerCase() === 'on';
  if (width === null && asked === null && !saveData) return null;
  const quality = Math.min(asked ?? DEFAULT_QUALITY, saveData ? SAVE_DATA_QUALITY : 100);
  const format = input.accept?.includes('image/webp') ? 'webp' : ORIGINAL_FORMAT[input.mime];
  return { width, quality, format };
}

export const variantKey = (name: string, spec: VariantSpec) =>
  `${variantPrefix(name)}${spec.width ?? 0}-q${spec.quality}.${spec.format}`;

export function etagOf(name: string, spec: VariantSpec | null): string {
  const key = spec ? variantKey(name, spec) : name;
  return `"${createHash('sha1').update(key).digest('base64url').slice(0, 20)}"`;
}

/**
 * The re-encoded image. An original sharp cannot decode (one stored before uploads were decoded
 * in full, or damaged on disk) is the file's fault, not the server's: a 422, never a 500.
 */
export async function renderVariant(original: Buffer, spec: VariantSpec): Promise<Buffer> {
  try {
    return await encodeVariant(original, spec);
  } catch {
    throw new AppError(422, errorText.imageDamaged);
  }
}

async function encodeVariant(original: Buffer, spec: VariantSpec): Promise<Buffer> {
  const sharp = await loadSharp();
  const animated = spec.format === 'gif' || spec.format === 'webp';
  let image = sharp(original, { animated }).autoOrient();
  if (spec.width) image = image.resize({ width: spec.width, withoutEnlargement: true });
  switch (spec.format) {
    case 'webp':
      return image.webp({ quality: spec.quality }).toBuffer();
    case 'jpeg':
      return image.jpeg({ quality: spec.quality, mozjpeg: true }).toBuffer();
    case 'png':
      // PNG is lossless: "quality" picks palette quantisation, worth it for screenshots.
      return image.png({ quality: spec.quality, palette: spec.quality < 100 }).toBuffer();
    case 'gif':
      return image.gif().toBuffer();
  }
}

/**
 * Variants made on first request and stored beside the original (same store, so on several
 * machines every instance finds a variant another one made). Concurrent requests for the same
 * variant on one instance share one rendering.
 */
export function createVariantCache(storage: Storage) {
  const inFlight = new Map<string, Promise<Buffer | null>>();

  async function produce(
    key: string,
    spec: VariantSpec,
    loadOriginal: () => Promise<Buffer | null>,
  ): Promise<Buffer | null> {
    const cached = await storage.get(key);
    if (cached) return cached;
    const original = await loadOriginal();
    if (!original) return null;
    const rendered = await renderVariant(original, spec);
    await storage.put(key, rendered);
    return rendered;
  }

  return {
    async get(
      name: string,
      spec: VariantSpec,
      loadOriginal: () => Promise<Buffer | null>,
    ): Promise<Buffer | null> {
      const key = variantKey(name, spec);
      let pending = inFlight.get(key);
      if (!pending) {
        pending = produce(key, spec, loadOriginal).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return pending;
    },
  };
}
