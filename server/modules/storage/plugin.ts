import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createLocalStorage, variantPrefix } from './storage.ts';
import type { Storage } from './storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded originals and their image variants. */
    storage: Storage;
  }
}

async function storagePlugin(app: FastifyInstance) {
  const { s3 } = app.config;
  // The S3 client is imported only when S3 is configured: it is large, and unused otherwise.
  const store = s3
    ? (await import('./s3-storage.ts')).createS3Storage(s3)
    : { ...createLocalStorage(path.join(app.config.dataDir, 'uploads')), close() {} };
  app.addHook('onClose', async () => store.close());
  app.decorate('storage', {
    ...store,
    // An image's variants are made from it and stored beside it: they go when it goes.
    async delete(name: string) {
      await store.delete(name);
      await store.deletePrefixed(variantPrefix(name));
    },
  } satisfies Storage);
}

export default fp(storagePlugin, { name: 'storage', dependencies: ['database'] });
