/**
 * The plain rules about notes, kept apart from the TypeBox schemas in post.ts so the browser
 * can use them without loading a schema library.
 */

/** Limits of a note, shared by the editor and the server (messages in errorText). */
export const POST_LIMITS = {
  titleMax: 100,
  contentMax: 20000,
  imagesMax: 9,
  tagsMax: 10,
  tagMax: 20,
  /** Yuan. */
  priceMax: 999,
  commentMax: 500,
  searchMax: 100,
  /** SPEC.md section 9: search page size 20. */
  searchPageSize: 20,
  /** Search counts its matches up to this many; a total this high reads "1000+". */
  searchTotalCap: 1000,
} as const;

/** SPEC.md section 5: jpeg, png and gif, at most 5242880 bytes. */
export const UPLOAD_MAX_BYTES = 5242880;
export const UPLOAD_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
