import { describe, expect, it } from 'vitest';
import { imageFileKey, imageVariantUrl, isUploadedImage, scaledWidth } from './image-url';
import { networkProfile } from './network-profile';

const origin = 'https://notes.example';
const normal = networkProfile({ effectiveType: '4g', deviceMemory: 8, hardwareConcurrency: 8 });
const dataSaver = networkProfile({ saveData: true });
const lowEnd = networkProfile({ deviceMemory: 1 });
const slowSaver = networkProfile({ effectiveType: '3g', saveData: true });

function variant(path: string, profile = normal): string {
  const url = imageVariantUrl(new URL(path, origin), profile);
  return url.pathname + url.search;
}

describe('isUploadedImage', () => {
  it('accepts the site’s own uploads only', () => {
    expect(isUploadedImage(new URL('/api/uploads/a.jpg?w=320', origin), origin)).toBe(true);
    expect(isUploadedImage(new URL('/api/uploads/a.jpg', 'https://cdn.example'), origin)).toBe(
      false,
    );
    expect(isUploadedImage(new URL('/api/posts/1', origin), origin)).toBe(false);
    expect(isUploadedImage(new URL('/images/default_head.png', origin), origin)).toBe(false);
  });
});

describe('imageVariantUrl', () => {
  it('keeps the page’s width and adds the profile’s quality', () => {
    expect(variant('/api/uploads/a.jpg?w=320')).toBe('/api/uploads/a.jpg?q=0.85&w=320');
    expect(variant('/api/uploads/a.jpg?w=320', lowEnd)).toBe('/api/uploads/a.jpg?q=0.7&w=320');
    expect(variant('/api/uploads/a.jpg?w=320', dataSaver)).toBe('/api/uploads/a.jpg?q=0.6&w=320');
  });

  it('asks a smaller width than the page chose on a slow connection with data saver', () => {
    expect(variant('/api/uploads/a.jpg?w=640', slowSaver)).toBe('/api/uploads/a.jpg?q=0.6&w=320');
    expect(variant('/api/uploads/a.jpg?w=1280', slowSaver)).toBe('/api/uploads/a.jpg?q=0.6&w=640');
    expect(variant('/api/uploads/a.jpg?w=640', dataSaver)).toBe('/api/uploads/a.jpg?q=0.6&w=480');
    expect(variant('/api/uploads/a.jpg?w=320', slowSaver)).toBe('/api/uploads/a.jpg?q=0.6&w=320');
    expect(variant('/api/uploads/a.jpg?w=640')).toBe('/api/uploads/a.jpg?q=0.85&w=640');
  });

  it('scales down to a width the site makes, never below 320 nor above the page’s', () => {
    expect(scaledWidth(960, 0.5)).toBe(480);
    expect(scaledWidth(960, 0.75)).toBe(640);
    expect(scaledWidth(400, 0.5)).toBe(320);
    expect(scaledWidth(200, 0.5)).toBe(200);
    expect(scaledWidth(1280, 1)).toBe(1280);
  });

  it('adds a width that fits the screen when the page gave none', () => {
    expect(variant('/api/uploads/a.png')).toBe('/api/uploads/a.png?q=0.85&w=1280');
    expect(variant('/api/uploads/a.png', dataSaver)).toBe('/api/uploads/a.png?q=0.6&w=640');
  });

  it('never asks more quality than the page did', () => {
    expect(variant('/api/uploads/a.jpg?w=320&q=50')).toBe('/api/uploads/a.jpg?q=0.5&w=320');
    expect(variant('/api/uploads/a.jpg?w=320&q=0.95')).toBe('/api/uploads/a.jpg?q=0.85&w=320');
  });

  it('drops the timestamp and the fragment, so one variant has one key', () => {
    expect(variant('/api/uploads/a.jpg?_t=123&w=320#x')).toBe(variant('/api/uploads/a.jpg?w=320'));
    expect(variant('/api/uploads/a.jpg?w=320&x=1')).toBe('/api/uploads/a.jpg?q=0.85&w=320&x=1');
  });
});

describe('imageFileKey', () => {
  it('is the same for every variant of a file', () => {
    const a = imageVariantUrl(new URL('/api/uploads/a.jpg?w=320', origin), normal);
    const b = imageVariantUrl(new URL('/api/uploads/a.jpg', origin), dataSaver);
    expect(imageFileKey(a)).toBe(imageFileKey(b));
  });
});
