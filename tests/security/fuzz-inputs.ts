/**
 * Hostile inputs for the fuzz test, drawn from a seeded generator so a failure can be replayed
 * with the same seed. Each kind comes from the audit: numbers JSON cannot round-trip, deep
 * nesting, broken multipart bodies, odd path parameters and oversize strings.
 */

/** mulberry32: small, seedable, and good enough to pick among cases. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

export interface FuzzRequest {
  /** Replaces every `:param` of the route's pattern. */
  param: string;
  query: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const PARAMS = [
  '-1',
  '0',
  '1.5',
  '99999999999999999999999',
  '1e309',
  'abc',
  '%00',
  '..%2F..%2Fetc%2Fpasswd',
  encodeURIComponent("1' OR '1'='1"),
  encodeURIComponent('<script>alert(1)</script>'),
  'x'.repeat(600),
  encodeURIComponent('中文参数'),
];

const STRINGS = [
  '',
  ' ',
  'x'.repeat(20_000),
  "'; DROP TABLE users; --",
  '<img src=x onerror=alert(1)>',
  '\u0000\u0001\u001f',
  '\ud800',
  '😀'.repeat(300),
  '../../../../etc/passwd',
  '{{7*7}}',
];

const NUMBERS_AS_TEXT = ['1e309', '-1e309', '1e-400', '-0', '9007199254740993', '0.1e99999'];

const FIELDS = [
  'id',
  'title',
  'content',
  'categoryId',
  'tags',
  'images',
  'price',
  'page',
  'limit',
  'username',
  'email',
  'password',
  'phone',
  'code',
  'recipientId',
  'postId',
  'parentId',
  'kind',
  'planId',
  'requests',
  'status',
  'reason',
  'clientId',
  'data',
  'editedAt',
  'bio',
  'avatar',
];

const BOUNDARY = '----fuzz-boundary';

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}

function nested(depth: number, open: string, close: string): string {
  return open.repeat(depth) + close.repeat(depth);
}

function randomValue(random: () => number, depth = 0): unknown {
  switch (Math.floor(random() * 7)) {
    case 0:
      return pick(random, STRINGS);
    case 1:
      return pick(random, [0, -1, 1.5, 2 ** 53, -(2 ** 31), Number.MAX_SAFE_INTEGER]);
    case 2:
      return pick(random, [true, false, null]);
    case 3:
      return depth > 2 ? [] : Array.from({ length: 3 }, () => randomValue(random, depth + 1));
    case 4:
      return depth > 2 ? {} : randomObject(random, depth + 1);
    default:
      return pick(random, ['1', '2', 'ai', 'post', 'membership', 'approved']);
  }
}

function randomObject(random: () => number, depth = 0): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  const fields = 1 + Math.floor(random() * 5);
  for (let index = 0; index < fields; index += 1) {
    object[pick(random, FIELDS)] = randomValue(random, depth);
  }
  return object;
}

/** A JSON text with a number JSON.parse turns into Infinity or loses. */
function hugeNumberBody(random: () => number): string {
  const field = pick(random, FIELDS);
  const number = pick(random, NUMBERS_AS_TEXT);
  return pick(random, [
    `{"${field}":${number}}`,
    `{"requests":[{"id":${number},"url":"/api/categories"}]}`,
    `[${number}]`,
  ]);
}

function deepBody(random: () => number): string {
  const depth = pick(random, [600, 5_000, 20_000]);
  const inner = pick(random, [
    nested(depth, '[', ']'),
    nested(depth, '{"a":', '}').replace(/"a":}/, '"a":1}'),
  ]);
  return pick(random, [
    `{"data":${inner}}`,
    `{"requests":[{"id":1,"url":"/api/drafts","method":"POST","data":${inner}}]}`,
    inner,
  ]);
}

function multipartBody(random: () => number): { headers: Record<string, string>; payload: Buffer } {
  const part = Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  ]);
  const whole = Buffer.concat([part, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
  return pick(random, [
    { headers: { 'content-type': 'multipart/form-data' }, payload: whole },
    { headers: { 'content-type': 'multipart/form-data; boundary=' }, payload: whole },
    { headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, payload: part },
    {
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: whole.subarray(0, Math.floor(whole.length * random())),
    },
    { headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, payload: whole },
  ]);
}

/** A lone surrogate cannot be percent-encoded: send it as the invalid UTF-8 it would be. */
function encodeLoosely(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

/** One hostile request for a route of the given method. */
export function fuzzRequest(random: () => number, method: string): FuzzRequest {
  const param = random() < 0.5 ? pick(random, PARAMS) : '1';
  const query =
    random() < 0.3
      ? `?${pick(random, ['page', 'limit', 'search', 'sort', 'category', 'status', 'query', 'w', 'q'])}=${encodeLoosely(String(randomValue(random)))}`
      : '';
  if (method === 'GET' || method === 'DELETE') return { param, query, headers: {} };
  const json = { 'content-type': 'application/json' };
  switch (Math.floor(random() * 8)) {
    case 0:
      return { param, query, headers: json, payload: hugeNumberBody(random) };
    case 1:
      return { param, query, headers: json, payload: deepBody(random) };
    case 2:
      return { param, query, ...multipartBody(random) };
    case 3:
      return {
        param,
        query,
        headers: json,
        payload: pick(random, ['{', '', 'null', '"text"', '{"a":1}{"b":2}', '\u0000']),
      };
    case 4:
      return {
        param,
        query,
        headers: {
          'content-type': pick(random, [
            'text/plain',
            'application/xml',
            'application/x-www-form-urlencoded',
          ]),
        },
        payload: 'a=1&b=2',
      };
    default:
      return { param, query, headers: json, payload: JSON.stringify(randomObject(random)) };
  }
}
