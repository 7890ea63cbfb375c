import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { expireWeekLikes, refreshRank } from './feed-rank.ts';
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

/** How often notes that turned a week old leave 最热: a note stays at most this much longer. */
const WEEK_SWEEP_MS = 60_000;

/** The reactions that move a note in the ranked feeds. */
const RANKED_REACTIONS = [
  'post.liked',
  'post.unliked',
  'post.favorited',
  'post.unfavorited',
  'comment.created',
  'comment.deleted',
] as const;

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

  // The score is kept as reactions arrive, so no request ever computes it.
  for (const name of RANKED_REACTIONS) {
    app.domainEvents.on(name, async ({ postId }) => {
      await refreshRank(context.db, context.dialect, postId);
      context.feedPages.clear();
    });
  }

  const sweep = async () => {
    try {
      if ((await expireWeekLikes(context.db)) > 0) {
        context.feedPages.clear();
        context.feedTotals.clear();
      }
    } catch (error) {
      app.log.error({ err: error }, 'weekly likes sweep failed');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await sweep();
    timer = setInterval(() => void sweep(), WEEK_SWEEP_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

export default fp(notesPlugin, {
  name: 'notes',
  dependencies: ['database', 'domain-events', 'storage', 'paywall'],
});
