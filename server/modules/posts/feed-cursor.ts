import { errorText } from '../../../contract/messages.ts';
import type { PostSort } from '../../../contract/post.ts';
import { badRequest } from '../../lib/errors.ts';

/**
 * Where a page of a feed ends: the sort key and id of its last note. The next page is the
 * index range after it (keyset paging), so notes inserted meanwhile neither repeat nor push
 * notes out of sight, and page 500 costs what page 1 costs.
 */
export interface FeedKey {
  value: number;
  id: number;
}

/** Opaque to clients: base64url of the sort it belongs to and the key. */
export function encodeCursor(sort: PostSort, key: FeedKey): string {
  return Buffer.from(JSON.stringify([sort, key.value, key.id])).toString('base64url');
}

/** The key of a cursor made for `sort`; anything else is refused with 400 分页位置无效. */
export function decodeCursor(cursor: string, sort: PostSort): FeedKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(errorText.cursorInvalid);
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 3 ||
    parsed[0] !== sort ||
    typeof parsed[1] !== 'number' ||
    !Number.isFinite(parsed[1]) ||
    !Number.isSafeInteger(parsed[2]) ||
    (parsed[2] as number) < 1
  ) {
    throw badRequest(errorText.cursorInvalid);
  }
  return { value: parsed[1], id: parsed[2] as number };
}
