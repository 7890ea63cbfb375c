import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notePrefetchScript } from '../lib/note-prefetch.ts';
import { inlineScriptHashes } from '../lib/script-hashes.ts';
import { readShell } from '../lib/shell.ts';
import { VISITOR_CHECK } from './note-page.ts';

/**
 * Helmet's headers on every answer (pages, API, uploads): `nosniff`, no framing, and a
 * Content-Security-Policy whose only inline scripts are the ones this server ships, allowed by
 * their hashes (the built shell's loader, the note page's prefetch and visitor check). Styles
 * may be inline: React's style attributes and the first screen's <style> need it, and a style
 * cannot run code.
 */
async function securityHeaders(app: FastifyInstance) {
  const scriptHashes = inlineScriptHashes(
    readShell(app.config.webRoot) ?? '',
    notePrefetchScript(),
    VISITOR_CHECK,
  );
  const https = app.config.publicOrigin.startsWith('https:');
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Avatars from WeChat and QQ sign-in live on their servers.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // On plain http (local runs, tests) upgrading would point every request at nothing.
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    frameguard: { action: 'deny' },
    // Same-origin by default would keep nothing out that CSP lets in, but breaks nothing either;
    // images are fetched by this origin only.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    hsts: https,
  });
}

export default fp(securityHeaders, { name: 'security-headers', dependencies: ['database'] });
