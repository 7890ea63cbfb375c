import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createLocalStorage } from './storage.ts';
import type { Storage } from './storage.ts';
import { removeVariants, variantsDirOf } from '../uploads/variants.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded originals. */
    storage: Storage;
  }
}

async function storagePlugin(app: FastifyInstance) {
  const originals = createLocalStorage(path.join(app.config.dataDir, 'uploads'));
  const variants = variantsDirOf(app.config.dataDir);
  app.decorate('storage', {
    ...originals,
    // An image's variants are made from it: they go when it goes.
    async delete(name: string) {
      await originals.delete(name);
      await removeVariants(variants, name);
    },
  } satisfies Storage);
}

export default fp(storagePlugin, { name: 'storage', dependencies: ['database'] });
