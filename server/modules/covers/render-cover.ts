import { createHash } from 'node:crypto';
import { loadSharp } from '../../lib/sharp.ts';
import { COVER_STYLES } from '../../../contract/cover.ts';
import type { CoverStyle } from '../../../contract/cover.ts';

/** Ours: covers are stored as JPEGs like a phone's photo, at this quality. */
const JPEG_QUALITY = 86;

/** The cover as a JPEG, ready for the uploads store. */
export async function renderCover(svg: string): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).jpeg({ quality: JPEG_QUALITY, mozjpeg: true }).toBuffer();
}

/** The card a title gets when the writer did not choose one: the same title, the same card. */
export function styleForTitle(title: string): CoverStyle {
  const digest = createHash('sha1').update(title).digest();
  return COVER_STYLES[digest[0] % COVER_STYLES.length];
}
