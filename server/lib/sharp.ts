import type sharp from 'sharp';

/**
 * sharp (libvips) costs the process some 20 MiB once loaded, and only uploads, image variants
 * and covers need it: it is imported the first time one of them asks, not at start-up.
 */
export async function loadSharp(): Promise<typeof sharp> {
  return (await import('sharp')).default;
}
