import { describe, expect, it } from 'vitest';
import { isAcceptableEndpoint } from './push-endpoint.ts';

describe('push endpoint check', () => {
  it('accepts the https endpoints of real push services', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
      'https://web.push.apple.com/QGuQyavXutnMH',
    ]) {
      expect(isAcceptableEndpoint(endpoint, false), endpoint).toBe(true);
    }
  });

  it('refuses plain http, credentials, IP addresses and local names', () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://user:secret@fcm.googleapis.com/x',
      'https://127.0.0.1:8443/push',
      'https://[::1]/push',
      'https://169.254.169.254/latest/meta-data',
      'https://10.1.2.3/push',
      'https://localhost/push',
      'https://push.localhost/x',
      'https://intranet/push',
      'javascript:alert(1)',
      'not a url',
    ]) {
      expect(isAcceptableEndpoint(endpoint, false), endpoint).toBe(false);
    }
  });

  it('allows loopback only when asked (tests), and still only over https', () => {
    expect(isAcceptableEndpoint('https://127.0.0.1:8443/push/1', true)).toBe(true);
    expect(isAcceptableEndpoint('http://127.0.0.1:8443/push/1', true)).toBe(false);
    expect(isAcceptableEndpoint('https://10.1.2.3/push', true)).toBe(false);
  });
});
