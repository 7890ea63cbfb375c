import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { errorText } from '../../../contract/messages.ts';
import { UPLOAD_MAX_BYTES } from '../../../contract/post-rules.ts';
import type { ImageRef } from '../../../contract/post.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Storage } from '../storage/storage.ts';
import { probeImage } from './image-probe.ts';
import { releaseUpload } from './upload-cleanup.ts';
import { createUploadRepository } from './upload-repository.ts';
import type { UploadRow } from './upload-repository.ts';

export const UPLOAD_URL_PREFIX = '/api/uploads/';

export const uploadUrl = (name: string) => `${UPLOAD_URL_PREFIX}${name}`;

/** The stored name in one of our upload URLs, or null for anything else. */
export function uploadNameOf(url: string): string | null {
  const match = /^\/api\/uploads\/([A-Za-z0-9_-]{1,64}\.(?:jpg|png|gif))$/.exec(url);
  return match ? match[1] : null;
}

function parseImageUrls(images: string): string[] {
  const value: unknown = JSON.parse(images);
  if (!Array.isArray(value)) return [];
  return value
    .map((image: unknown) => (image as { url?: unknown } | null)?.url)
    .filter((url): url is string => typeof url === 'string');
}

export function createUploadService(deps: { db: Kysely<Database>; storage: Storage }) {
  const uploads = createUploadRepository(deps.db);

  return {
    /** Checks the bytes, stores the original and records who uploaded it. */
    async saveImage(ownerId: number | null, data: Buffer, now = Date.now()): Promise<ImageRef> {
      if (data.length === 0) throw badRequest(errorText.uploadMissing);
      if (data.length > UPLOAD_MAX_BYTES) throw badRequest(errorText.uploadTooLarge);
      const image = await probeImage(data);
      if (!image) throw badRequest(errorText.uploadTypeInvalid);
      const name = `${randomBytes(12).toString('base64url')}.${image.ext}`;
      await deps.storage.put(name, data);
      await uploads.insert({
        name,
        owner_id: ownerId,
        post_id: null,
        mime: image.mime,
        width: image.width,
        height: image.height,
        bytes: data.length,
        created_at: now,
      });
      return { url: uploadUrl(name), width: image.width, height: image.height };
    },

    /**
     * The images of a note, with the sizes we measured (not the client's). Each must be an
     * upload of ours made by the note's author; anything else is refused.
     */
    async resolveImages(urls: string[], authorId: number): Promise<ImageRef[]> {
      const names = urls.map(uploadNameOf);
      if (names.some((name) => name === null)) throw badRequest(errorText.imageInvalid);
      const rows = await uploads.findMany(names as string[]);
      const byName = new Map(rows.map((row) => [row.name, row]));
      return (names as string[]).map((name) => {
        const row = byName.get(name);
        if (!row || row.owner_id !== authorId) throw badRequest(errorText.imageInvalid);
        return { url: uploadUrl(name), width: row.width, height: row.height };
      });
    },

    attachToPost(urls: string[], postId: number): Promise<void> {
      return uploads.attachToPost(
        urls.map(uploadNameOf).filter((name): name is string => name !== null),
        postId,
      );
    },

    find(name: string): Promise<UploadRow | undefined> {
      return uploads.find(name);
    },

    /**
     * After a note was deleted: its images go too, with their variants, unless another note or
     * a draft of its author still uses them. `images` is the note's stored images column.
     */
    async releasePostImages(authorId: number, images: string): Promise<void> {
      const names = parseImageUrls(images)
        .map(uploadNameOf)
        .filter((name): name is string => name !== null);
      for (const upload of await uploads.findMany(names)) {
        if (upload.post_id !== null || upload.owner_id !== authorId) continue;
        await releaseUpload(deps.db, deps.storage, { name: upload.name, owner_id: authorId });
      }
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
