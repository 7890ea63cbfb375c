import { describe, expect, it } from 'vitest';
import { errorText } from '../../../../contract/page-messages';
import {
  checkImageFile,
  doneImages,
  itemsFromImages,
  uploadReducer,
  visibleItems,
} from './upload-items';
import type { UploadItem } from './upload-items';

const uploading = (uid: string): UploadItem => ({
  uid,
  name: `${uid}.png`,
  status: 'uploading',
  percent: 0,
});
const image = (name: string) => ({ url: `/api/uploads/${name}.png`, width: 800, height: 600 });

describe('uploadReducer', () => {
  it('goes uploading -> done at exactly 100 %, never showing 100 % before the server answers', () => {
    let items = uploadReducer([], { type: 'added', items: [uploading('a')] });
    items = uploadReducer(items, { type: 'progressed', uid: 'a', percent: 40.4 });
    expect(items[0]).toMatchObject({ status: 'uploading', percent: 40 });
    items = uploadReducer(items, { type: 'progressed', uid: 'a', percent: 100 });
    expect(items[0]).toMatchObject({ status: 'uploading', percent: 99 });
    items = uploadReducer(items, { type: 'succeeded', uid: 'a', image: image('a') });
    expect(items[0]).toMatchObject({
      status: 'done',
      percent: 100,
      image: image('a'),
      thumbUrl: '/api/uploads/a.png',
    });
  });

  it('lets an image chosen offline wait, then go up again, without counting as failed', () => {
    let items = uploadReducer([], { type: 'added', items: [uploading('a')] });
    items = uploadReducer(items, { type: 'waiting', uid: 'a' });
    expect(items[0]).toMatchObject({ status: 'waiting', percent: 0 });
    items = uploadReducer(items, { type: 'retried', uid: 'a' });
    expect(items[0]).toMatchObject({ status: 'uploading', percent: 0 });
    items = uploadReducer(items, { type: 'succeeded', uid: 'a', image: image('a') });
    expect(items[0].status).toBe('done');
    // A finished image never goes back to waiting.
    expect(uploadReducer(items, { type: 'waiting', uid: 'a' })).toBe(items);
  });

  it('never lets progress go backwards or move a finished item', () => {
    let items = [uploading('a')];
    items = uploadReducer(items, { type: 'progressed', uid: 'a', percent: 60 });
    items = uploadReducer(items, { type: 'progressed', uid: 'a', percent: 30 });
    expect(items[0].percent).toBe(60);
    items = uploadReducer(items, { type: 'succeeded', uid: 'a', image: image('a') });
    expect(uploadReducer(items, { type: 'progressed', uid: 'a', percent: 10 })).toBe(items);
    expect(uploadReducer(items, { type: 'failed', uid: 'a', message: 'x' })).toBe(items);
  });

  it('keeps the server text of a failure for the tooltip, and can retry from it', () => {
    let items = uploadReducer([uploading('a')], {
      type: 'failed',
      uid: 'a',
      message: errorText.uploadTooLarge,
    });
    expect(items[0]).toMatchObject({ status: 'error', response: errorText.uploadTooLarge });
    items = uploadReducer(items, { type: 'retried', uid: 'a' });
    expect(items[0]).toMatchObject({ status: 'uploading', percent: 0, response: undefined });
  });

  it('ignores what an upload reports after its item was removed', () => {
    const items = uploadReducer([uploading('a'), uploading('b')], { type: 'removed', uid: 'a' });
    expect(items[0].status).toBe('removed');
    expect(visibleItems(items).map((item) => item.uid)).toEqual(['b']);
    const afterLateSuccess = uploadReducer(items, {
      type: 'succeeded',
      uid: 'a',
      image: image('a'),
    });
    expect(afterLateSuccess).toBe(items);
    expect(doneImages(afterLateSuccess)).toEqual([]);
  });

  it('holds at most 9 visible images', () => {
    const eight = Array.from({ length: 8 }, (_, index) => uploading(String(index)));
    let items = uploadReducer([], { type: 'added', items: eight });
    items = uploadReducer(items, { type: 'removed', uid: '0' });
    items = uploadReducer(items, {
      type: 'added',
      items: [uploading('x'), uploading('y'), uploading('z')],
    });
    expect(visibleItems(items).map((item) => item.uid)).toEqual([
      ...['1', '2', '3', '4', '5', '6', '7'],
      'x',
      'y',
    ]);
    expect(uploadReducer(items, { type: 'added', items: [uploading('w')] })).toBe(items);
  });

  it('saves a paid note’s images without the grant that lets them show', () => {
    const granted = { url: '/api/uploads/a.png?e=1767225600&s=abc', width: 800, height: 600 };
    const items = itemsFromImages([granted]);
    expect(items[0].thumbUrl).toBe(granted.url);
    expect(doneImages(items)).toEqual([image('a')]);
  });

  it('reorders the visible items and saves images in the shown order', () => {
    let items = itemsFromImages([image('a'), image('b'), image('c')]);
    items = uploadReducer(items, { type: 'moved', uid: items[2].uid, to: 0 });
    expect(doneImages(items).map((img) => img.url)).toEqual([
      '/api/uploads/c.png',
      '/api/uploads/a.png',
      '/api/uploads/b.png',
    ]);
    const unchanged = uploadReducer(items, { type: 'moved', uid: items[0].uid, to: -5 });
    expect(unchanged).toBe(items);
    items = uploadReducer(items, { type: 'moved', uid: items[0].uid, to: 99 });
    expect(doneImages(items).map((img) => img.url)).toEqual([
      '/api/uploads/a.png',
      '/api/uploads/b.png',
      '/api/uploads/c.png',
    ]);
  });
});

describe('checkImageFile', () => {
  it.each([
    [{ type: 'image/jpeg', size: 1000 }, null],
    [{ type: 'image/png', size: 5242880 }, null],
    [{ type: 'image/gif', size: 1 }, null],
    [{ type: 'image/png', size: 5242881 }, errorText.uploadTooLarge],
    [{ type: 'image/webp', size: 1000 }, errorText.uploadTypeInvalid],
    [{ type: 'image/svg+xml', size: 10 }, errorText.uploadTypeInvalid],
    [{ type: '', size: 10 }, errorText.uploadTypeInvalid],
  ])('%o -> %s', (file, message) => {
    expect(checkImageFile(file)).toBe(message);
  });
});
