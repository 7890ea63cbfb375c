/** Ids travel as decimal strings (`_id` and `id`), as SPEC.md's clients expect. */
export const ID_PATTERN = '^[1-9][0-9]{0,15}$';
