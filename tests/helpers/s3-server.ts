import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../../server/config.ts';

export interface TestS3 {
  config: S3Config;
  /** S3_* variables for a server started as a child process. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * An S3-compatible server (s3rver, from npm) on a free loopback port with one bucket of the
 * test's own, in a temporary folder removed by close().
 */
export async function startTestS3(): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'vibe-s3-'));
  const bucket = `vibe-${randomBytes(4).toString('hex')}`;
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const config: S3Config = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    // s3rver's fixed credentials.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    region: 'us-east-1',
    forcePathStyle: true,
  };
  return {
    config,
    env: {
      S3_ENDPOINT: config.endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: config.accessKeyId,
      S3_SECRET_ACCESS_KEY: config.secretAccessKey,
      S3_REGION: config.region,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      server.httpServer?.closeAllConnections();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
