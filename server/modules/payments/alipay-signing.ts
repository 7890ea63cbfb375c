import { createPrivateKey, createPublicKey, createSign, createVerify } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';

/**
 * Alipay's RSA2 rules (opendocs.alipay.com, 签名与验签): sort the parameters by name, drop empty
 * values and the signature itself, join as `name=value` with `&` (values not URL-encoded), and
 * sign the UTF-8 bytes with SHA256withRSA, base64. Requests keep `sign_type` in the string;
 * async notices are verified without both `sign` and `sign_type`.
 */
export function signingString(params: Record<string, string>, exclude: readonly string[]): string {
  return Object.keys(params)
    .filter((name) => !exclude.includes(name) && params[name] !== '')
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
}

export const REQUEST_EXCLUDED = ['sign'] as const;
export const NOTICE_EXCLUDED = ['sign', 'sign_type'] as const;

export function rsa2Sign(content: string, key: KeyObject): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');
}

export function rsa2Verify(content: string, signature: string, key: KeyObject): boolean {
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(key, signature, 'base64');
  } catch {
    return false;
  }
}

/** PEM text, a path to a PEM file, or the bare base64 Alipay's key tool prints. */
function keyText(value: string): { pem: string } | { der: Buffer } {
  const text = value.includes('-----BEGIN')
    ? value
    : existsSync(value)
      ? readFileSync(value, 'utf8')
      : value;
  return text.includes('-----BEGIN')
    ? { pem: text }
    : { der: Buffer.from(text.replace(/\s+/g, ''), 'base64') };
}

export function loadPrivateKey(value: string): KeyObject {
  const key = keyText(value);
  if ('pem' in key) return createPrivateKey(key.pem);
  try {
    return createPrivateKey({ key: key.der, format: 'der', type: 'pkcs8' });
  } catch {
    return createPrivateKey({ key: key.der, format: 'der', type: 'pkcs1' });
  }
}

export function loadPublicKey(value: string): KeyObject {
  const key = keyText(value);
  if ('pem' in key) return createPublicKey(key.pem);
  try {
    return createPublicKey({ key: key.der, format: 'der', type: 'spki' });
  } catch {
    return createPublicKey({ key: key.der, format: 'der', type: 'pkcs1' });
  }
}

/** Alipay's timestamps: `yyyy-MM-dd HH:mm:ss` in Beijing time. */
export function beijingTimestamp(at: Date): string {
  return new Date(at.getTime() + 8 * 60 * 60 * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

/** "18.00" -> 1800; null for anything that is not a plain yuan amount. */
export function yuanToCents(amount: string | undefined): number | null {
  const match = amount === undefined ? null : /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(amount);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

export const centsToYuanText = (cents: number): string =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
