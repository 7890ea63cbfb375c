import { createHmac } from 'node:crypto';

/**
 * Alibaba Cloud's RPC signature, version 1.0 (HMAC-SHA1), as its "签名机制" page describes:
 * RFC 3986 percent-encoding (unreserved A-Z a-z 0-9 - _ . ~ kept, space as %20), parameters
 * sorted by name, StringToSign = METHOD & enc("/") & enc(canonicalized query), and the key is
 * the AccessKey secret followed by "&".
 */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

export function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((name) => name !== 'Signature')
    .sort()
    .map((name) => `${percentEncode(name)}=${percentEncode(params[name]!)}`)
    .join('&');
}

export function rpcSignature(
  method: 'GET' | 'POST',
  params: Record<string, string>,
  accessKeySecret: string,
): string {
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign, 'utf8').digest('base64');
}
