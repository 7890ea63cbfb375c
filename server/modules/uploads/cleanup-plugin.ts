import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sweepUnattachedUploads } from './upload-cleanup.ts';

/** Often enough that an abandoned upload is gone about a day after it was made. */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * The periodic clean-up: uploads never attached to a note (nor kept in a draft) are deleted a
 * day after they were made, and past days' upload counts are dropped. Several instances may run
 * it at once: every delete is conditional.
 */
async function uploadCleanup(app: FastifyInstance) {
  const quota = app.services.uploadQuota;
  let timer: NodeJS.Timeout | undefined;

  async function sweep() {
    const now = Date.now();
    try {
      const deleted = await sweepUnattachedUploads(app.db, app.storage, now);
      await quota.forgetBefore(now);
      if (deleted > 0) app.log.info({ deleted }, 'unattached uploads deleted');
    } catch (error) {
      app.log.error({ err: error }, 'upload clean-up failed');
    }
  }

  app.addHook('onReady', async () => {
    timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

export default fp(uploadCleanup, { name: 'upload-cleanup', dependencies: ['storage', 'services'] });
