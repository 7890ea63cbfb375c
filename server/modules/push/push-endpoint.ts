import { isIP } from 'node:net';

/**
 * Whether an endpoint may be sent to: an https URL of a push service. Push services are named
 * hosts (fcm.googleapis.com, updates.push.services.mozilla.com, *.notify.windows.com,
 * web.push.apple.com), so an address given as an IP or as localhost is refused: the server
 * would otherwise post to whatever internal address a caller names. Tests allow loopback, where
 * their push service fake listens.
 */
export function isAcceptableEndpoint(endpoint: string, allowLoopback: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const loopback = host === '127.0.0.1' || host === '::1' || host === 'localhost';
  if (loopback) return allowLoopback;
  return (
    isIP(host) === 0 && host !== 'localhost' && !host.endsWith('.localhost') && host.includes('.')
  );
}
