import { describe, expect, it } from 'vitest';
import { imageSrcSet, resolveImageUrl } from './image-url';

const origin = window.location.origin;

describe('resolveImageUrl', () => {
  it('keeps absolute, protocol-relative, data and blob URLs', () => {
    for (const url of [
      'https://cdn.example.com/a.png',
      'http://example.com/b.jpg',
      '//cdn.example.com/c.png',
      'data:image/png;base64,AAAA',
      'blob:http://localhost/1234',
    ]) {
      expect(resolveImageUrl(url)).toBe(url);
    }
  });

  it('rewrites /uploads/ paths to the API with the origin', () => {
    expect(resolveImageUrl('/uploads/ab.png')).toBe(`${origin}/api/uploads/ab.png`);
    expect(resolveImageUrl('uploads/ab.png')).toBe(`${origin}/api/uploads/ab.png`);
  });

  it('prefixes other relative paths with the origin', () => {
    expect(resolveImageUrl('/images/default_head.png')).toBe(`${origin}/images/default_head.png`);
    expect(resolveImageUrl('/api/uploads/x.png')).toBe(`${origin}/api/uploads/x.png`);
  });

  it('refuses empty values and URLs longer than 2000 characters', () => {
    expect(resolveImageUrl(undefined)).toBe('');
    expect(resolveImageUrl('  ')).toBe('');
    const long = `https://example.com/${'a'.repeat(1981)}`;
    expect(long.length).toBe(2001);
    expect(resolveImageUrl(long)).toBe('');
    expect(resolveImageUrl(long.slice(0, 2000))).toBe(long.slice(0, 2000));
  });
});

describe('imageSrcSet', () => {
  it('offers resized variants of the site own uploads only', () => {
    const set = imageSrcSet(`${origin}/api/uploads/a.png`);
    expect(set).toContain(`${origin}/api/uploads/a.png?w=320 320w`);
    expect(set).toContain('w=1280 1280w');
    expect(imageSrcSet('https://cdn.example.com/a.png')).toBeUndefined();
  });
});
