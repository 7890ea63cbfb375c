import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createNotesContext } from './notes-context.ts';
import type { NotesContext } from './notes-context.ts';
import { createPostService } from './post-service.ts';
import type { PostService } from './post-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared by the note modules: repositories, caches and the search index. */
    notes: NotesContext;
    posts: PostService;
  }
}

async function notesPlugin(app: FastifyInstance) {
  const context = createNotesContext({
    db: app.db,
    dialect: app.dialect,
    reader: app.readPool,
    events: app.domainEvents,
    storage: app.storage,
    paywall: app.paywall,
  });
  app.decorate('notes', context);
  app.decorate('posts', createPostService(context));
}

export default fp(notesPlugin, {
  name: 'notes',
  dependencies: ['database', 'domain-events', 'storage', 'paywall'],
});
