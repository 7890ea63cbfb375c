import { errorText } from '../../contract/messages.ts';

/**
 * Deepest nesting of arrays and objects a JSON body may have. No form of this API needs more
 * than a handful; the margin covers a batch wrapping another request's body.
 */
export const JSON_MAX_DEPTH = 32;

/**
 * Why a parsed JSON value may not be accepted, or null when it may. Walks with an explicit
 * stack, not recursion, so a hostile 100,000-deep value cannot overflow the call stack here;
 * values deeper than the limit would overflow JSON.stringify later, and non-finite numbers
 * (1e309 parses as Infinity) cannot be written back as JSON at all.
 */
export function jsonLimitProblem(value: unknown, maxDepth = JSON_MAX_DEPTH): string | null {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (typeof current === 'number') {
      if (!Number.isFinite(current)) return errorText.jsonNumberOutOfRange;
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= maxDepth) return errorText.jsonTooDeep;
    const children = Array.isArray(current) ? current : Object.values(current);
    for (const child of children) stack.push([child, depth + 1]);
  }
  return null;
}
