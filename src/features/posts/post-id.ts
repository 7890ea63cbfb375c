import { ID_PATTERN } from '../../../contract/id-pattern';

const VALID_ID = new RegExp(ID_PATTERN);

/** SPEC.md section 5: a missing, 'undefined' or 'null' id never reaches the server. */
export function isValidPostId(id: string | null | undefined): id is string {
  return typeof id === 'string' && VALID_ID.test(id);
}
