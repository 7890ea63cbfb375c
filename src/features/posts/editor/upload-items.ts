import { errorText } from '../../../../contract/page-messages';
import { POST_LIMITS, UPLOAD_MAX_BYTES, UPLOAD_MIME_TYPES } from '../../../../contract/post-rules';
import type { ImageRef } from '../../../../contract/post';

/**
 * SPEC.md section 3: an upload file item. `waiting`: chosen while offline; it goes up when the
 * network returns (or with the note, through the outbox), so it is not a failure.
 */
export type UploadStatus = 'uploading' | 'waiting' | 'done' | 'error' | 'removed';

export interface UploadItem {
  uid: string;
  name: string;
  status: UploadStatus;
  /** 0–100; exactly 100 once done. */
  percent: number;
  /** The server's image once done. */
  image?: ImageRef;
  /** A local preview while uploading (an object URL), or the server image once done. */
  thumbUrl?: string;
  /** The error text shown as the item's tooltip. */
  response?: string;
}

export type UploadAction =
  | { type: 'added'; items: UploadItem[] }
  | { type: 'progressed'; uid: string; percent: number }
  | { type: 'succeeded'; uid: string; image: ImageRef }
  | { type: 'failed'; uid: string; message: string }
  | { type: 'waiting'; uid: string }
  | { type: 'retried'; uid: string }
  | { type: 'removed'; uid: string }
  | { type: 'moved'; uid: string; to: number };

/** The items the editor shows (removed ones stay in the state so late events find them). */
export const visibleItems = (items: readonly UploadItem[]) =>
  items.filter((item) => item.status !== 'removed');

/** An uploading item never shows 100 %: that number means done. */
const MAX_PERCENT_WHILE_UPLOADING = 99;

function update(
  items: UploadItem[],
  uid: string,
  change: (item: UploadItem) => UploadItem | null,
): UploadItem[] {
  let changed = false;
  const next = items.map((item) => {
    if (item.uid !== uid) return item;
    const result = change(item);
    if (!result || result === item) return item;
    changed = true;
    return result;
  });
  return changed ? next : items;
}

export function uploadReducer(items: UploadItem[], action: UploadAction): UploadItem[] {
  switch (action.type) {
    case 'added': {
      const room = POST_LIMITS.imagesMax - visibleItems(items).length;
      return room > 0 ? [...items, ...action.items.slice(0, room)] : items;
    }
    case 'progressed':
      return update(items, action.uid, (item) =>
        item.status === 'uploading'
          ? {
              ...item,
              percent: Math.max(
                item.percent,
                Math.min(MAX_PERCENT_WHILE_UPLOADING, Math.round(action.percent)),
              ),
            }
          : null,
      );
    case 'succeeded':
      return update(items, action.uid, (item) =>
        item.status === 'uploading'
          ? {
              ...item,
              status: 'done',
              percent: 100,
              image: action.image,
              thumbUrl: action.image.url,
              response: undefined,
            }
          : null,
      );
    case 'failed':
      return update(items, action.uid, (item) =>
        item.status === 'uploading' ? { ...item, status: 'error', response: action.message } : null,
      );
    case 'waiting':
      return update(items, action.uid, (item) =>
        item.status === 'uploading' ? { ...item, status: 'waiting', percent: 0 } : null,
      );
    case 'retried':
      return update(items, action.uid, (item) =>
        item.status === 'error' || item.status === 'waiting'
          ? { ...item, status: 'uploading', percent: 0, response: undefined }
          : null,
      );
    case 'removed':
      return update(items, action.uid, (item) =>
        item.status === 'removed' ? null : { ...item, status: 'removed' },
      );
    case 'moved': {
      const visible = visibleItems(items);
      const from = visible.findIndex((item) => item.uid === action.uid);
      const to = Math.max(0, Math.min(visible.length - 1, action.to));
      if (from === -1 || from === to) return items;
      const reordered = [...visible];
      const [moving] = reordered.splice(from, 1);
      reordered.splice(to, 0, moving);
      return [...reordered, ...items.filter((item) => item.status === 'removed')];
    }
  }
}

/** Items for images a note or a draft already has. */
/**
 * The image as the note stores it. A paid note's images come with the reader's grant in the
 * query (`?e=…&s=…`): it lets the thumbnail load, but the server refuses it in a saved note.
 */
const storedImage = (image: ImageRef): ImageRef =>
  image.url.startsWith('/api/uploads/') ? { ...image, url: image.url.split('?')[0] } : image;

export function itemsFromImages(images: readonly ImageRef[]): UploadItem[] {
  return images.map((image, index) => ({
    uid: `existing-${index}-${image.url}`,
    name: image.url.split('/').pop() ?? image.url,
    status: 'done',
    percent: 100,
    image: storedImage(image),
    thumbUrl: image.url,
  }));
}

/** The images the note will be saved with, in the order shown. */
export const doneImages = (items: readonly UploadItem[]): ImageRef[] =>
  items.flatMap((item) => (item.status === 'done' && item.image ? [item.image] : []));

/** The same checks the server makes (SPEC.md section 5), so a bad file never leaves the page. */
export function checkImageFile(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(UPLOAD_MIME_TYPES as readonly string[]).includes(file.type)) {
    return errorText.uploadTypeInvalid;
  }
  if (file.size > UPLOAD_MAX_BYTES) return errorText.uploadTooLarge;
  return null;
}
