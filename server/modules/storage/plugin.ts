import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createS3Storage } from './s3-storage.ts';
import { createLocalStorage } from './storage.ts';
import type { Storage } from './storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded originals and their image variants. */
    storage: Storage;
  }
}

async function storagePlugin(app: FastifyInstance) {
  const { s3 } = app.config;
  if (s3) {
    const storage = createS3Storage(s3);
    app.decorate('storage', storage);
    app.addHook('onClose', async () => storage.close());
  } else {
    app.decorate('storage', createLocalStorage(path.join(app.config.dataDir, 'uploads')));
  }
}

export default fp(storagePlugin, { name: 'storage', dependencies: ['database'] });
