/** Side of the uploaded avatar in px: sharp enough for every size the site shows. */
export const AVATAR_SIZE = 400;

/**
 * Draws the chosen square of the picture into a canvas and encodes it. PNG and GIF become PNG
 * (transparency kept; a GIF keeps its first frame), everything else JPEG.
 */
export function renderSquare(
  image: CanvasImageSource,
  square: { x: number; y: number; size: number },
  sourceType: string,
): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = AVATAR_SIZE;
  canvas.height = AVATAR_SIZE;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('canvas 2d context unavailable'));
  const lossless = sourceType === 'image/png' || sourceType === 'image/gif';
  if (!lossless) {
    context.fillStyle = '#fff';
    context.fillRect(0, 0, AVATAR_SIZE, AVATAR_SIZE);
  }
  context.imageSmoothingQuality = 'high';
  context.drawImage(
    image,
    square.x,
    square.y,
    square.size,
    square.size,
    0,
    0,
    AVATAR_SIZE,
    AVATAR_SIZE,
  );
  const type = lossless ? 'image/png' : 'image/jpeg';
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => {
        if (!blob) reject(new Error('canvas encoding failed'));
        else resolve(new File([blob], lossless ? 'avatar.png' : 'avatar.jpg', { type }));
      },
      type,
      0.9,
    );
  });
}
