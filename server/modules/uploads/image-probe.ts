import { loadSharp } from '../../lib/sharp.ts';

export interface ProbedImage {
  mime: 'image/jpeg' | 'image/png' | 'image/gif';
  ext: 'jpg' | 'png' | 'gif';
  /** As displayed (EXIF orientation applied; one frame of an animation). */
  width: number;
  height: number;
}

const FORMATS = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  gif: { mime: 'image/gif', ext: 'gif' },
} as const;

/**
 * The file's real type, judged from its bytes (never from its name or the browser's claim),
 * or null when it is not a whole, readable JPEG, PNG or GIF. The header alone says nothing
 * about the rest: every pixel of every frame is decoded, and a file that ends early is refused,
 * so a variant can always be made from what was accepted.
 */
export async function probeImage(data: Buffer): Promise<ProbedImage | null> {
  const sharp = await loadSharp();
  try {
    const meta = await sharp(data).metadata();
    await sharp(data, { animated: true, failOn: 'truncated' }).stats();
    const format = FORMATS[meta.format as keyof typeof FORMATS] as
      (typeof FORMATS)[keyof typeof FORMATS] | undefined;
    if (!format) return null;
    const width = meta.autoOrient.width;
    const height = meta.pageHeight ?? meta.autoOrient.height;
    if (!width || !height) return null;
    return { ...format, width, height };
  } catch {
    return null;
  }
}
