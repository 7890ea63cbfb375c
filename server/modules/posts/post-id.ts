import type { AppError } from '../../lib/errors.ts';

const ID = /^[1-9][0-9]{0,15}$/;

/**
 * A note id from the path. Read here rather than in the schema because a malformed id means
 * different things per route: "no such note" (404) when reading, "invalid id" (400) for likes.
 */
export function parseId(raw: string, invalid: () => AppError): number {
  if (!ID.test(raw)) throw invalid();
  return Number(raw);
}
