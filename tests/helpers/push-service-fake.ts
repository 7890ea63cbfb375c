import { createDecipheriv, createECDH, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importJWK, jwtVerify } from 'jose';

/**
 * A Web Push service on loopback, as strict as a real one about what the server must get
 * right: it checks the VAPID JWT (RFC 8292: ES256 by the key in `k`, `aud` the endpoint's
 * origin, `exp` within 24 hours) and decrypts the aes128gcm body (RFC 8188 + RFC 8291) with the
 * subscription's private key, as the browser would.
 */

export interface FakeSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface Delivery {
  endpoint: string;
  /** The decrypted body, parsed as JSON. */
  payload: unknown;
  headers: IncomingHttpHeaders;
  /** The `sub` claim of the VAPID JWT. */
  subject: string;
}

interface Receiver {
  ecdh: ReturnType<typeof createECDH>;
  publicKey: Buffer;
  auth: Buffer;
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

/** RFC 8291 section 3.4, then RFC 8188 section 2: one record, padding delimiter 0x02. */
export function decryptAes128gcm(body: Buffer, receiver: Receiver): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error('more than one record');

  const shared = receiver.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.publicKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, receiver.auth, keyInfo, 32));
  const cek = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
  );
  const nonce = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  );
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('last record lacks its 0x02 delimiter');
  return padded.subarray(0, end);
}

async function verifyVapid(header: string | undefined, origin: string, expectedKey: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error('no vapid authorization');
  const [, token, key] = match as unknown as [string, string, string];
  if (key !== expectedKey) throw new Error('signed with another key');
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not a P-256 point');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: b64url(point.subarray(1, 33)),
    y: b64url(point.subarray(33)),
  };
  const { payload, protectedHeader } = await jwtVerify(token, await importJWK(jwk, 'ES256'), {
    algorithms: ['ES256'],
    audience: origin,
  });
  if (protectedHeader.typ !== 'JWT') throw new Error('typ is not JWT');
  const now = Math.floor(Date.now() / 1000);
  if (typeof payload.exp !== 'number' || payload.exp > now + 24 * 60 * 60) {
    throw new Error('exp missing or more than 24 hours ahead');
  }
  if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) {
    throw new Error('sub is not a mailto: or https: URL');
  }
  return payload.sub;
}

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const folder = mkdtempSync(path.join(tmpdir(), 'push-fake-'));
  try {
    const key = path.join(folder, 'key.pem');
    const cert = path.join(folder, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export interface PushServiceFake {
  origin: string;
  /** Trusts the fake's certificate; hand it to the app's push options. */
  agent: Agent;
  /** The server's VAPID public key every message must be signed with. */
  expectKey(publicKey: string): void;
  /** A new browser subscription at this service (a fresh key pair and auth secret). */
  subscribe(): FakeSubscription;
  /** What the service answers for this endpoint from now on (201 by default; 410 = gone). */
  answer(endpoint: string, status: number): void;
  deliveries: Delivery[];
  /** Requests refused because their signature or encryption was wrong. */
  rejections: string[];
  /** The next delivery (or rejection, which fails the promise). */
  next(): Promise<Delivery>;
  close(): Promise<void>;
}

export async function startPushServiceFake(): Promise<PushServiceFake> {
  const { key, cert } = selfSignedCertificate();
  const receivers = new Map<string, Receiver>();
  const statuses = new Map<string, number>();
  const deliveries: Delivery[] = [];
  const rejections: string[] = [];
  let waiter: { resolve: (delivery: Delivery) => void; reject: (error: Error) => void } | null =
    null;
  let expectedKey = '';
  let origin = '';

  const server = createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const endpoint = `${origin}${request.url}`;
        const receiver = receivers.get(endpoint);
        try {
          if (request.method !== 'POST' || !receiver) throw new Error(`unknown ${endpoint}`);
          if (request.headers['content-encoding'] !== 'aes128gcm') {
            throw new Error('content-encoding is not aes128gcm');
          }
          if (!/^\d+$/.test(String(request.headers.ttl))) throw new Error('no TTL header');
          const subject = await verifyVapid(request.headers.authorization, origin, expectedKey);
          const plain = decryptAes128gcm(Buffer.concat(chunks), receiver);
          const delivery: Delivery = {
            endpoint,
            payload: JSON.parse(plain.toString('utf8')) as unknown,
            headers: request.headers,
            subject,
          };
          const status = statuses.get(endpoint) ?? 201;
          response.writeHead(status).end();
          if (status === 201) deliveries.push(delivery);
          waiter?.resolve(delivery);
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          rejections.push(reason);
          response.writeHead(400).end(reason);
          waiter?.reject(new Error(`push refused: ${reason}`));
        }
        waiter = null;
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ ca: cert, keepAlive: false });

  return {
    origin,
    agent,
    deliveries,
    rejections,
    expectKey(publicKey) {
      expectedKey = publicKey;
    },
    subscribe() {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomUUID()}`;
      receivers.set(endpoint, { ecdh, publicKey, auth });
      return { endpoint, keys: { p256dh: b64url(publicKey), auth: b64url(auth) } };
    },
    answer(endpoint, status) {
      statuses.set(endpoint, status);
    },
    next() {
      return new Promise((resolve, reject) => (waiter = { resolve, reject }));
    },
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
