import { createECDH } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface VapidKeys {
  /** base64url of the uncompressed P-256 point, what `pushManager.subscribe` needs. */
  publicKey: string;
  privateKey: string;
}

const KEY_FILE = 'vapid-keys.json';
/** Uncompressed P-256 point (65 bytes) and scalar (32 bytes), base64url without padding. */
const PUBLIC_KEY = /^[A-Za-z0-9_-]{87}$/;
const PRIVATE_KEY = /^[A-Za-z0-9_-]{43}$/;

/**
 * A new pair, as web-push's generateVAPIDKeys makes it (node:crypto's ECDH on P-256, the
 * private scalar left-padded to 32 bytes), without loading web-push at start-up.
 */
function generateVapidKeys(): VapidKeys {
  const curve = createECDH('prime256v1');
  curve.generateKeys();
  const privateKey = Buffer.alloc(32);
  const scalar = curve.getPrivateKey();
  scalar.copy(privateKey, 32 - scalar.length);
  return {
    publicKey: curve.getPublicKey().toString('base64url'),
    privateKey: privateKey.toString('base64url'),
  };
}

function checked(keys: Partial<VapidKeys>, from: string): VapidKeys {
  if (!PUBLIC_KEY.test(keys.publicKey ?? '') || !PRIVATE_KEY.test(keys.privateKey ?? '')) {
    // The keys themselves are never repeated: the private one is a secret.
    throw new Error(`VAPID keys in ${from} are not base64url P-256 keys`);
  }
  return { publicKey: keys.publicKey!, privateKey: keys.privateKey! };
}

/**
 * The site's VAPID keys: the configured ones, or those kept in the data folder, created on the
 * first start. Browsers bind a subscription to the public key, so it must never change by
 * itself; the file is written once, readable by the server's user only.
 */
export function loadVapidKeys(dataDir: string, configured: VapidKeys | null): VapidKeys {
  if (configured) return checked(configured, 'VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY');
  const file = path.join(dataDir, KEY_FILE);
  try {
    const generated = generateVapidKeys();
    // 'wx' fails when the file exists: two instances starting on one folder keep one pair.
    writeFileSync(file, JSON.stringify(generated), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return checked(JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>, file);
}
