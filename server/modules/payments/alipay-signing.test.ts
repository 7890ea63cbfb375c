import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  NOTICE_EXCLUDED,
  REQUEST_EXCLUDED,
  beijingTimestamp,
  centsToYuanText,
  loadPrivateKey,
  loadPublicKey,
  rsa2Sign,
  rsa2Verify,
  signingString,
  yuanToCents,
} from './alipay-signing.ts';

describe('Alipay RSA2 signing', () => {
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });

  it('sorts by name, skips empty values and the excluded names, and does not URL-encode', () => {
    const params = {
      sign: 'x',
      sign_type: 'RSA2',
      b: '2',
      a: '1 & 2',
      empty: '',
      biz_content: '{"k":"中"}',
    };
    expect(signingString(params, REQUEST_EXCLUDED)).toBe(
      'a=1 & 2&b=2&biz_content={"k":"中"}&sign_type=RSA2',
    );
    expect(signingString(params, NOTICE_EXCLUDED)).toBe('a=1 & 2&b=2&biz_content={"k":"中"}');
  });

  it('verifies its own signatures and nothing else', () => {
    const signature = rsa2Sign('a=1', keys.privateKey);
    expect(rsa2Verify('a=1', signature, keys.publicKey)).toBe(true);
    expect(rsa2Verify('a=2', signature, keys.publicKey)).toBe(false);
    expect(rsa2Verify('a=1', 'not base64 at all', keys.publicKey)).toBe(false);
  });

  it('reads keys as PEM text, a PEM file, or the bare base64 of PKCS#8, PKCS#1 and SPKI', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'alipay-keys-'));
    try {
      const pem = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      const file = path.join(folder, 'app-private.pem');
      writeFileSync(file, pem);
      const pkcs8 = keys.privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64');
      const pkcs1 = keys.privateKey.export({ type: 'pkcs1', format: 'der' }).toString('base64');
      const spki = keys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
      const publicKey = loadPublicKey(spki);
      for (const source of [pem, file, pkcs8, pkcs1]) {
        expect(rsa2Verify('x', rsa2Sign('x', loadPrivateKey(source)), publicKey)).toBe(true);
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('speaks yuan with two decimals and Beijing time', () => {
    expect(yuanToCents('18.00')).toBe(1800);
    expect(yuanToCents('9.9')).toBe(990);
    expect(yuanToCents('0.01')).toBe(1);
    expect(yuanToCents('1e3')).toBeNull();
    expect(yuanToCents('-1.00')).toBeNull();
    expect(yuanToCents(undefined)).toBeNull();
    expect(centsToYuanText(990)).toBe('9.90');
    expect(centsToYuanText(16800)).toBe('168.00');
    expect(beijingTimestamp(new Date('2026-01-31T16:30:05Z'))).toBe('2026-02-01 00:30:05');
  });
});
