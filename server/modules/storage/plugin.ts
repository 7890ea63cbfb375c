import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createLocalStorage } from './storage.ts';
import type { Storage } from './storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded originals. */
    storage: Storage;
  }
}

async function storagePlugin(app: FastifyInstance) {
  app.decorate('storage', createLocalStorage(path.join(app.config.dataDir, 'uploads')));
}

export default fp(storagePlugin, { name: 'storage', dependencies: ['database'] });
