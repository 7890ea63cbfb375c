import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The page WeChat and QQ send the browser back to (src/app/router.tsx). */
const SIGN_IN_RETURN = /^\/auth\/(?:wechat|qq)\/callback(?:\?|$)/;

/**
 * Helmet's headers on every answer (pages, API, uploads): `nosniff`, no framing, and a
 * Content-Security-Policy that runs scripts from this origin only: pages carry no inline script
 * (a rendered page's data is a JSON block, which is never run). Styles may be inline: React's
 * style attributes need it, and a style cannot run code.
 *
 * Helmet itself, built once: `@fastify/helmet` built it anew for every request, parsing the
 * policy each time (3 % of the server's CPU under the bench's load); and its headers read once
 * (`headersOf`).
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
  /** Helmet's headers for pages that `framers` may frame ('none': no page). */
  const headersFramedBy = (framers: "'none'" | "'self'") =>
    headersOf(
      helmet({
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
            frameAncestors: [framers],
            // On plain http (local runs, tests) upgrading would point every request at nothing.
            upgradeInsecureRequests: https ? [] : null,
          },
        },
        frameguard: { action: framers === "'none'" ? 'deny' : 'sameorigin' },
        // Same-origin by default would keep nothing out that CSP lets in, but breaks nothing
        // either; images are fetched by this origin only.
        crossOriginResourcePolicy: { policy: 'same-origin' },
        hsts: https,
      }),
    );
  const everywhere = headersFramedBy("'none'");
  // The sign-in providers' return page may finish inside the dialog's own WeChat frame
  // (src/features/auth/components/social-callback.tsx moves the whole tab on from there), so
  // this one page may be framed by this site, and by nobody else.
  const signInReturn = headersFramedBy("'self'");
  // Into Fastify's own headers, not the raw response's: Node then writes them with the
  // answer's other headers in one pass instead of validating each twice (`setHeader`, then
  // `writeHead`). A route may still set one of them to a value of its own.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(SIGN_IN_RETURN.test(request.url) ? signInReturn : everywhere);
    done();
  });
}

/**
 * The headers helmet sets, read once: with no nonce and no function among its directives, they
 * are the same for every answer. Helmet run on every request cost the thread that answers
 * requests 5-7 µs of a home-feed answer's 120 µs on the bench's machine.
 */
function headersOf(applyHeaders: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let applied = false;
  applyHeaders({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
    applied = true;
  });
  if (!applied || !headers['content-security-policy']) {
    throw new Error('helmet did not set its headers at once');
  }
  return headers;
}

export default fp(securityHeaders, { name: 'security-headers', dependencies: ['database'] });
