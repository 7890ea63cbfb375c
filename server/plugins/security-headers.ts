import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The page WeChat and QQ send the browser back to (src/app/router.tsx). */
const SIGN_IN_RETURN = /^\/auth\/(?:wechat|qq)\/callback$/;

/**
 * Helmet's headers on every answer (pages, API, uploads): `nosniff`, no framing, and a
 * Content-Security-Policy that runs scripts from this origin only: pages carry no inline script
 * (a rendered page's data is a JSON block, which is never run). Styles may be inline: React's
 * style attributes need it, and a style cannot run code.
 *
 * Helmet itself, built once: `@fastify/helmet` built it anew for every request, parsing the
 * policy each time (3 % of the server's CPU under the bench's load).
 */
async function securityHeaders(app: FastifyInstance) {
  const https = app.config.publicOrigin.startsWith('https:');
  const { wechat, qq } = app.config.oauth;
  // WeChat's QR sign-in is WeChat's own page in a frame of the sign-in dialog.
  const wechatFrame = wechat ? [new URL(wechat.authorizeBase).origin] : [];
  // Sign-in providers' avatars are https everywhere but in a local stand-in of them.
  const providerImages = [wechat?.apiBase, wechat?.authorizeBase, qq?.apiBase]
    .filter((base): base is string => typeof base === 'string' && base.startsWith('http:'))
    .map((base) => new URL(base).origin);
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Avatars from WeChat and QQ sign-in live on their servers.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...new Set(providerImages)],
        frameSrc: ["'self'", ...wechatFrame],
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
  // Helmet checks its options when built, above; applying them only sets headers.
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, () => done());
  });

  // The sign-in providers' return page may finish inside the dialog's own WeChat frame
  // (src/features/auth/components/social-callback.tsx moves the whole tab on from there), so
  // this one page may be framed by this site, and by nobody else.
  app.addHook('onRequest', async (request, reply) => {
    if (!SIGN_IN_RETURN.test(request.url.split('?', 1)[0])) return;
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') {
      void reply.header(
        'content-security-policy',
        policy.replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
      );
    }
    void reply.header('x-frame-options', 'SAMEORIGIN');
  });
}

export default fp(securityHeaders, { name: 'security-headers', dependencies: ['database'] });
