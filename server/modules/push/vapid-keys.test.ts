import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webPush from 'web-push';
import { afterEach, describe, expect, it } from 'vitest';
import { loadVapidKeys } from './vapid-keys.ts';

describe('VAPID keys', () => {
  const folders: string[] = [];
  const folder = () => {
    const made = mkdtempSync(path.join(tmpdir(), 'vapid-'));
    folders.push(made);
    return made;
  };
  afterEach(() => {
    for (const made of folders.splice(0)) rmSync(made, { recursive: true, force: true });
  });

  it('creates a key pair in the data folder once, readable by its owner only', () => {
    const dataDir = folder();
    const first = loadVapidKeys(dataDir, null);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    const file = path.join(dataDir, 'vapid-keys.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadVapidKeys(dataDir, null)).toEqual(first);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first);
  });

  it('uses configured keys instead, and refuses malformed ones without quoting them', () => {
    const dataDir = folder();
    const configured = webPush.generateVAPIDKeys();
    expect(loadVapidKeys(dataDir, configured)).toEqual(configured);
    const secret = 'not-a-key-but-secret';
    expect(() => loadVapidKeys(dataDir, { ...configured, privateKey: secret })).toThrow(
      /VAPID keys in VAPID_PUBLIC_KEY/,
    );
    try {
      loadVapidKeys(dataDir, { ...configured, privateKey: secret });
    } catch (error) {
      expect((error as Error).message).not.toContain(secret);
    }
  });
});
