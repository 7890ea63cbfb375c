import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { errorText, fillText } from '../../../../contract/page-messages';
import { POST_LIMITS } from '../../../../contract/post-rules';
import type { ImageRef } from '../../../../contract/post';
import { ApiError, isCancelled } from '../../../lib/api/client';
import type { OutboxImage } from '../../../../shared/offline/outbox';
import { notify } from '../../../lib/notify';
import { uploadImage } from '../api/upload-image';
import { editorTexts } from './texts';
import {
  checkImageFile,
  doneImages,
  itemsFromImages,
  uploadReducer,
  visibleItems,
} from './upload-items';
import type { UploadItem } from './upload-items';

/** The upload got no answer at all (status 0), as opposed to a refusal from the server. */
const isNetworkFailure = (error: unknown) => error instanceof ApiError && error.status === 0;

let nextUid = 0;
const newUid = () => `upload-${Date.now().toString(36)}-${(nextUid++).toString(36)}`;

/** The editor's images: uploads with progress, retry, removal and order. */
export function useImageUploads(initialImages: readonly ImageRef[]) {
  const [items, dispatch] = useReducer(uploadReducer, initialImages, itemsFromImages);
  const files = useRef(new Map<string, File>());
  const uploads = useRef(new Map<string, AbortController>());
  const previews = useRef(new Map<string, string>());

  const start = useCallback((uid: string, file: File) => {
    // Offline the request cannot succeed: the image waits for the network (or the outbox).
    if (!navigator.onLine) {
      dispatch({ type: 'waiting', uid });
      return;
    }
    const controller = new AbortController();
    uploads.current.set(uid, controller);
    uploadImage(file, {
      signal: controller.signal,
      onProgress: (percent) => dispatch({ type: 'progressed', uid, percent }),
    })
      .then((image) => dispatch({ type: 'succeeded', uid, image }))
      .catch((error: unknown) => {
        if (isCancelled(error)) return;
        if (isNetworkFailure(error) && !navigator.onLine) {
          dispatch({ type: 'waiting', uid });
          return;
        }
        const message =
          error instanceof Error && error.message ? error.message : errorText.uploadFailed;
        dispatch({ type: 'failed', uid, message });
      })
      .finally(() => uploads.current.delete(uid));
  }, []);

  const addFiles = useCallback(
    (picked: Iterable<File>, currentCount: number) => {
      const accepted: UploadItem[] = [];
      let room = POST_LIMITS.imagesMax - currentCount;
      let dropped = 0;
      for (const file of picked) {
        const problem = checkImageFile(file);
        if (problem) {
          notify.error(problem);
          continue;
        }
        if (room <= 0) {
          dropped++;
          continue;
        }
        room--;
        const uid = newUid();
        const preview = URL.createObjectURL(file);
        files.current.set(uid, file);
        previews.current.set(uid, preview);
        accepted.push({ uid, name: file.name, status: 'uploading', percent: 0, thumbUrl: preview });
      }
      if (dropped > 0) {
        notify.error(fillText(editorTexts.tooManyImagesDropped, { max: POST_LIMITS.imagesMax }));
      }
      if (accepted.length === 0) return;
      dispatch({ type: 'added', items: accepted });
      for (const item of accepted) start(item.uid, files.current.get(item.uid) as File);
    },
    [start],
  );

  const remove = useCallback((uid: string) => {
    uploads.current.get(uid)?.abort();
    dispatch({ type: 'removed', uid });
  }, []);

  const retry = useCallback(
    (uid: string) => {
      const file = files.current.get(uid);
      if (!file) return;
      dispatch({ type: 'retried', uid });
      start(uid, file);
    },
    [start],
  );

  const move = useCallback((uid: string, to: number) => dispatch({ type: 'moved', uid, to }), []);

  // Back online: the images chosen while offline go up now.
  const latestItems = useRef(items);
  useEffect(() => {
    latestItems.current = items;
  });
  useEffect(() => {
    const resume = () => {
      for (const item of latestItems.current) {
        const file = files.current.get(item.uid);
        if (item.status !== 'waiting' || !file) continue;
        dispatch({ type: 'retried', uid: item.uid });
        start(item.uid, file);
      }
    };
    window.addEventListener('online', resume);
    return () => window.removeEventListener('online', resume);
  }, [start]);

  // Leaving the editor stops uploads nobody will use and frees the local previews.
  useEffect(() => {
    const running = uploads.current;
    const urls = previews.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      for (const url of urls.values()) URL.revokeObjectURL(url);
    };
  }, []);

  const visible = useMemo(() => visibleItems(items), [items]);
  const images = useMemo(() => doneImages(items), [items]);
  return {
    items: visible,
    images,
    isUploading: visible.some((item) => item.status === 'uploading' || item.status === 'waiting'),
    hasErrors: visible.some((item) => item.status === 'error'),
    addFiles: (picked: Iterable<File>) => addFiles(picked, visible.length),
    /**
     * The images in order for the outbox: uploaded ones by reference, the rest (chosen offline,
     * failed or still going) as their files, uploaded first when the outbox is sent.
     */
    outboxImages: (): OutboxImage[] =>
      visible.flatMap((item): OutboxImage[] => {
        if (item.status === 'done' && item.image) return [{ kind: 'uploaded', image: item.image }];
        const file = files.current.get(item.uid);
        return file ? [{ kind: 'local', blob: file, name: file.name }] : [];
      }),
    /** An image already on the server (a generated cover), added at the end. */
    addUploaded: (image: ImageRef) => dispatch({ type: 'added', items: itemsFromImages([image]) }),
    remove,
    retry,
    move,
  };
}
