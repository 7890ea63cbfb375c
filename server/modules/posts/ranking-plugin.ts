import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { expireWeekLikes, refreshRank } from './feed-rank.ts';

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

/** Keeps the feeds' ranking current: on every reaction, and a sweep for notes a week old. */
async function feedRanking(app: FastifyInstance) {
  const { db, dialect } = app;
  const caches = app.services.noteCaches;

  // The score is kept as reactions arrive, so no request ever computes it.
  for (const name of RANKED_REACTIONS) {
    app.domainEvents.on(name, async ({ postId }) => {
      await refreshRank(db, dialect, postId);
      caches.feedPages.clear();
    });
  }

  const sweep = async () => {
    try {
      if ((await expireWeekLikes(db)) > 0) {
        caches.feedPages.clear();
        caches.feedTotals.clear();
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

export default fp(feedRanking, { name: 'feed-ranking', dependencies: ['services'] });
