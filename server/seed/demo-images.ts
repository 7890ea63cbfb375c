import sharp from 'sharp';

/** Width:height of a demo picture. */
export type Aspect = '3:4' | '1:1' | '4:3' | '9:16' | '16:9';

/** Colour families, one per category, so a category's covers look related. */
export const PALETTES = {
  ai: ['#5b5bf7', '#8b5cf6', '#22d3ee', '#0f172a', '#f0abfc'],
  coding: ['#0f172a', '#1e293b', '#38bdf8', '#34d399', '#facc15'],
  design: ['#f97316', '#fb7185', '#fde68a', '#a78bfa', '#fef3c7'],
  life: ['#84cc16', '#fbbf24', '#fdf2f8', '#f472b6', '#0ea5e9'],
  photo: ['#1e1b4b', '#312e81', '#f59e0b', '#fb923c', '#0c0a09'],
} as const;
export type PaletteName = keyof typeof PALETTES;

const LONG_SIDE = 1080;

function sizeOf(aspect: Aspect): { width: number; height: number } {
  const [w, h] = aspect.split(':').map(Number);
  return w >= h
    ? { width: LONG_SIDE, height: Math.round((LONG_SIDE * h) / w) }
    : { width: Math.round((LONG_SIDE * w) / h), height: LONG_SIDE };
}

/** A small deterministic generator, so the same seed draws the same picture. */
function random(seed: number) {
  let state = seed * 2654435761 + 1;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

/**
 * An abstract composition (gradient sky, soft orbs, a horizon of hills or rounded cards):
 * enough to look like a cover photo without shipping image files or text.
 */
export function demoSvg(palette: PaletteName, aspect: Aspect, seed: number): string {
  const { width, height } = sizeOf(aspect);
  const colours = PALETTES[palette];
  const next = random(seed);
  const pick = () => colours[Math.floor(next() * colours.length)];
  const angle = Math.floor(next() * 360);

  const orbs = Array.from({ length: 3 + Math.floor(next() * 4) }, (_, index) => {
    const radius = (0.12 + next() * 0.3) * Math.min(width, height);
    return `<circle cx="${next() * width}" cy="${next() * height * 0.7}" r="${radius}"
      fill="url(#orb${index % 2})" opacity="${0.35 + next() * 0.5}"/>`;
  });
  const cards = Array.from({ length: 2 + Math.floor(next() * 3) }, () => {
    const w = width * (0.2 + next() * 0.35);
    const h = height * (0.08 + next() * 0.18);
    return `<rect x="${next() * (width - w)}" y="${height * 0.2 + next() * height * 0.5}"
      width="${w}" height="${h}" rx="${Math.min(w, h) * 0.2}" fill="#ffffff" opacity="${0.08 + next() * 0.2}"/>`;
  });
  const hill = (base: number, amplitude: number, colour: string, opacity: number) => {
    const points = Array.from({ length: 7 }, (_, index) => {
      const x = (width * index) / 6;
      const y = height * base - amplitude * height * next();
      return `${x.toFixed(0)},${y.toFixed(0)}`;
    });
    return `<polygon points="0,${height} ${points.join(' ')} ${width},${height}" fill="${colour}" opacity="${opacity}"/>`;
  };

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <linearGradient id="sky" gradientTransform="rotate(${angle} 0.5 0.5)">
      <stop offset="0" stop-color="${colours[0]}"/><stop offset="1" stop-color="${colours[1]}"/>
    </linearGradient>
    <radialGradient id="orb0"><stop offset="0" stop-color="${pick()}"/><stop offset="1" stop-color="${pick()}" stop-opacity="0"/></radialGradient>
    <radialGradient id="orb1"><stop offset="0" stop-color="${colours[2]}"/><stop offset="1" stop-color="${colours[2]}" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#sky)"/>
  ${orbs.join('\n')}
  ${cards.join('\n')}
  ${hill(0.78, 0.12, pick(), 0.55)}
  ${hill(0.9, 0.08, colours[3], 0.8)}
</svg>`;
}

/** The picture as a JPEG, as if a phone had uploaded it. */
export function demoImage(palette: PaletteName, aspect: Aspect, seed: number): Promise<Buffer> {
  return sharp(Buffer.from(demoSvg(palette, aspect, seed)))
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}
