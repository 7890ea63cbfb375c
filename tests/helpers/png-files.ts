import path from 'node:path';
import sharp from 'sharp';

export interface PngShape {
  name: string;
  width: number;
  height: number;
  colour: string;
}

/** Real PNG files in `dir`, as a phone's gallery or a screenshot tool would hand over. */
export function writePngs(dir: string, shapes: PngShape[]): Promise<string[]> {
  return Promise.all(
    shapes.map(async ({ name, width, height, colour }) => {
      const file = path.join(dir, name);
      await sharp({ create: { width, height, channels: 3, background: colour } })
        .png()
        .toFile(file);
      return file;
    }),
  );
}
