import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { seedDemoContent } from './seed/demo.ts';

const config = loadConfig();
const app = await buildApp({ config });

if (config.seedDemo) await seedDemoContent(app);

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // Fastify stops accepting, waits for in-flight requests, then runs onClose (database).
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

await app.listen({ host: config.host, port: config.port });
