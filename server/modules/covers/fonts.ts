import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/**
 * The font families the covers ask for, in order. librsvg (inside sharp) resolves them through
 * fontconfig, which falls back to any installed font that has the glyph, so naming several
 * families only decides which one wins when more than one is installed.
 */
export const SANS_FAMILIES =
  "'Noto Sans CJK SC', 'Source Han Sans SC', 'WenQuanYi Micro Hei', 'PingFang SC', 'Microsoft YaHei', sans-serif";
export const MONO_FAMILIES =
  "'Noto Sans Mono CJK SC', 'DejaVu Sans Mono', 'Liberation Mono', 'Noto Sans Mono', monospace";

let cached: Promise<boolean> | null = null;

/**
 * Whether fontconfig knows a font with Chinese glyphs (`fc-list :lang=zh`). Without one librsvg
 * would draw every character as a box; the seed then keeps its abstract pictures and the cover
 * endpoint answers 503 instead of storing such an image. `.ci/run` installs fonts-noto-cjk.
 */
export function hasChineseFont(): Promise<boolean> {
  cached ??= promisify(execFile)('fc-list', [':lang=zh', 'family'], { timeout: 5_000 }).then(
    ({ stdout }) => stdout.trim().length > 0,
    () => false,
  );
  return cached;
}
