import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createWordService } from './word-service.ts';
import type { WordService } from './word-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sensitive-word list, checked where people publish text. */
    words: WordService;
  }
}

async function words(app: FastifyInstance) {
  app.decorate('words', createWordService(app.db));
}

export default fp(words, { name: 'words', dependencies: ['database'] });
