import { describe, expect, it } from 'vitest';
import { chooseVariant, etagOf, parseQuality, snapWidth, variantKey } from './variants.ts';

describe('image variants', () => {
  it('snaps a width up to the next allowed one, never past the largest', () => {
    expect(snapWidth('100')).toBe(160);
    expect(snapWidth('320')).toBe(320);
    expect(snapWidth('321')).toBe(480);
    expect(snapWidth('5000')).toBe(1920);
    for (const raw of [undefined, '', '0', '-5', 'abc']) expect(snapWidth(raw)).toBeNull();
  });

  it('reads quality as a fraction or a percentage, clamped to 30–100 in steps of 5', () => {
    expect(parseQuality('0.85')).toBe(85);
    expect(parseQuality('0.6')).toBe(60);
    expect(parseQuality('72')).toBe(70);
    expect(parseQuality('0.1')).toBe(30);
    expect(parseQuality('500')).toBe(100);
    for (const raw of [undefined, '', '0', 'x']) expect(parseQuality(raw)).toBeNull();
  });

  it('serves the original unless something asks for a variant', () => {
    const base = { mime: 'image/jpeg' as const, originalWidth: 1000 };
    expect(chooseVariant({ ...base, accept: 'image/webp' })).toBeNull();
    // Asking for a width at least as wide as the original changes nothing.
    expect(chooseVariant({ ...base, w: '1280', accept: 'image/webp' })).toBeNull();
    expect(chooseVariant({ ...base, w: '300', accept: 'image/webp,*/*' })).toEqual({
      width: 320,
      quality: 82,
      format: 'webp',
    });
    expect(chooseVariant({ ...base, q: '0.7', accept: 'image/jpeg' })).toEqual({
      width: null,
      quality: 70,
      format: 'jpeg',
    });
    expect(chooseVariant({ ...base, q: '0.9', saveData: 'on' })).toMatchObject({ quality: 60 });
    expect(chooseVariant({ ...base, saveData: 'on' })).toMatchObject({ quality: 60 });
  });

  it('names and tags each variant apart', () => {
    const spec = { width: 320, quality: 80, format: 'webp' as const };
    expect(variantKey('abc.jpg', spec)).toBe('abc-w320-q80.webp');
    expect(etagOf('abc.jpg', spec)).not.toBe(etagOf('abc.jpg', { ...spec, format: 'jpeg' }));
    expect(etagOf('abc.jpg', null)).toMatch(/^"[\w-]{20}"$/);
  });
});
