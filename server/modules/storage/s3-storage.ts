import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../../config.ts';
import { assertSafeName } from './storage.ts';
import type { Storage } from './storage.ts';

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

/**
 * Objects in one bucket of an S3-compatible store (AWS S3, Aliyun OSS, Tencent COS, Cloudflare
 * R2, MinIO). Nothing is written with a public ACL: the bucket stays private and every image,
 * a paid note's originals included, is read through the app's access check.
 */
export function createS3Storage(config: S3Config): Storage & { close(): void } {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // The SDK's default CRC checksums on every request are not understood by several
    // S3-compatible stores; send them only where the S3 API requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  const keyOf = (name: string) => {
    assertSafeName(name);
    return name;
  };

  return {
    async put(name, data) {
      const extension = name.slice(name.lastIndexOf('.') + 1);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: keyOf(name),
          Body: data,
          ContentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
        }),
      );
    },
    async get(name) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(name) }));
        if (!object.Body) return null;
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) {
          return null;
        }
        throw error;
      }
    },
    async delete(name) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(name) }));
    },
    async deletePrefixed(prefix) {
      // One by one: DeleteObjects needs a Content-MD5 that several compatible stores reject.
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key) await client.send(new DeleteObjectCommand({ Bucket, Key: object.Key }));
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    close() {
      client.destroy();
    },
  };
}
