/** SPEC.md section 5: a missing, 'undefined' or 'null' id never reaches the server. */
export function isValidPostId(id: string | null | undefined): id is string {
  return typeof id === 'string' && /^[1-9][0-9]{0,15}$/.test(id);
}
