import { describe, expect, it } from 'vitest';
import { centredOffset, clampOffset, scaleAt, sourceSquare, zoomAroundCentre } from './square-crop';

const wide = { width: 1200, height: 600 };
const VIEW = 300;

describe('square crop geometry', () => {
  it('fills the viewport with the shorter side at zoom 1', () => {
    expect(scaleAt(wide, VIEW, 1)).toBe(0.5);
    expect(scaleAt({ width: 200, height: 900 }, VIEW, 2)).toBe(3);
  });

  it('centres a wide picture and crops its middle square', () => {
    const offset = centredOffset(wide, VIEW, 1);
    expect(offset).toEqual({ x: -150, y: 0 });
    expect(sourceSquare(wide, VIEW, 1, offset)).toEqual({ x: 300, y: 0, size: 600 });
  });

  it('never lets the picture uncover the viewport', () => {
    expect(clampOffset({ x: 40, y: 10 }, wide, VIEW, 1)).toEqual({ x: 0, y: 0 });
    expect(clampOffset({ x: -900, y: -50 }, wide, VIEW, 1)).toEqual({ x: -300, y: 0 });
  });

  it('zooms around the centre of the viewport', () => {
    const offset = zoomAroundCentre(centredOffset(wide, VIEW, 1), wide, VIEW, 1, 2);
    // At zoom 2 the image is 1200 x 600 on screen; its centre stays in the middle.
    expect(offset).toEqual({ x: -450, y: -150 });
    expect(sourceSquare(wide, VIEW, 2, offset)).toEqual({ x: 450, y: 150, size: 300 });
  });

  it('zooming out pulls the picture back over the viewport', () => {
    expect(zoomAroundCentre({ x: -900, y: -300 }, wide, VIEW, 2, 1)).toEqual({ x: -300, y: 0 });
  });
});
