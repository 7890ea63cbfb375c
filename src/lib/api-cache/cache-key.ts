/** SPEC.md section 3: "stored under key api_cache: + API name + parameters serialised with sorted keys". */
export const API_CACHE_PREFIX = 'api_cache:';

export type CacheParams = Record<string, unknown>;

/** JSON with every object's keys sorted, so `{a, b}` and `{b, a}` name the same entry. */
export function sortedJson(value: unknown): string {
  return JSON.stringify(value, (_name, inner: unknown) => {
    if (!inner || typeof inner !== 'object' || Array.isArray(inner)) return inner;
    const record = inner as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(record)
        .sort()
        .map((key) => [key, record[key]]),
    );
  });
}

/** `api_cache:profile:{"id":"7"}`: the name ends at the first colon, so names hold none. */
export function apiCacheKey(name: string, params: CacheParams = {}): string {
  if (name.includes(':')) throw new Error(`API cache names hold no colon: ${name}`);
  return `${API_CACHE_PREFIX}${name}:${sortedJson(params)}`;
}

/** The API name of a cache key, or null for any other key. */
export function apiNameOf(key: unknown): string | null {
  if (typeof key !== 'string' || !key.startsWith(API_CACHE_PREFIX)) return null;
  const rest = key.slice(API_CACHE_PREFIX.length);
  const end = rest.indexOf(':');
  return end > 0 ? rest.slice(0, end) : null;
}
