import sharp from 'sharp';

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
 * or null when it is not a readable JPEG, PNG or GIF.
 */
export async function probeImage(data: Buffer): Promise<ProbedImage | null> {
  try {
    const meta = await sharp(data).metadata();
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
