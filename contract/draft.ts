import { Type } from 'typebox';
import type { Static } from 'typebox';
import { errorText } from './messages.ts';
import { ImageRef } from './post.ts';
import { POST_LIMITS } from './post-rules.ts';

/**
 * The editor's whole state. Looser than a note (a draft may be half written): every field
 * may be empty, `categoryId` may be null.
 */
export const DraftData = Type.Object(
  {
    content: Type.String({ maxLength: POST_LIMITS.contentMax }),
    categoryId: Type.Union([Type.String({ maxLength: 20 }), Type.Null()]),
    tags: Type.Array(Type.String({ maxLength: POST_LIMITS.tagMax }), {
      maxItems: POST_LIMITS.tagsMax,
    }),
    images: Type.Array(ImageRef, { maxItems: POST_LIMITS.imagesMax }),
    /** Yuan; 0 = free. */
    price: Type.Number({ minimum: 0, maximum: POST_LIMITS.priceMax }),
  },
  { errorMessage: errorText.draftTooLarge },
);
export type DraftData = Static<typeof DraftData>;

/** A copy that lost a conflict (an older edit from another device), kept so it can be restored. */
export const DraftVersion = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  title: Type.String(),
  data: DraftData,
  /** ISO 8601: when that copy was last edited. */
  editedAt: Type.String(),
  /** ISO 8601: when the server set it aside. */
  createdAt: Type.String(),
});
export type DraftVersion = Static<typeof DraftVersion>;

export const Draft = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  /** The browser's own id for the draft (matches the IndexedDB copy). */
  clientId: Type.String(),
  title: Type.String(),
  data: DraftData,
  /** ISO 8601: when the user last typed in it (decides which copy wins a conflict). */
  editedAt: Type.String(),
  /** ISO 8601: when the server last stored it. */
  updatedAt: Type.String(),
  /** Older copies kept from conflicts, newest edit first (in `GET /api/drafts/{id}` and save replies). */
  versions: Type.Optional(Type.Array(DraftVersion)),
});
export type Draft = Static<typeof Draft>;

/**
 * `POST /api/drafts`: creates or updates the caller's draft with this `clientId`.
 * When the server copy was edited elsewhere (its `editedAt` differs), the copy with the later
 * `editedAt` stays current and the other is saved as a version: nothing is silently dropped.
 */
export const SaveDraftBody = Type.Object(
  {
    clientId: Type.String({
      pattern: '^[A-Za-z0-9_-]{1,64}$',
      errorMessage: errorText.draftClientIdInvalid,
    }),
    title: Type.String({ maxLength: POST_LIMITS.titleMax, errorMessage: errorText.titleTooLong }),
    data: DraftData,
    /** ISO 8601. */
    editedAt: Type.String({ maxLength: 40, errorMessage: errorText.draftEditedAtInvalid }),
    /**
     * The server copy's `editedAt` this edit started from (from the last save reply), or null
     * when this device never had a server copy. When it differs from the server copy, both were
     * edited apart: the later `editedAt` stays current and the other becomes a version.
     * Left out, the server can only compare times (an older incoming copy becomes a version).
     */
    baseEditedAt: Type.Optional(
      Type.Union([Type.String({ maxLength: 40 }), Type.Null()], {
        errorMessage: errorText.draftEditedAtInvalid,
      }),
    ),
  },
  {
    errorMessage: {
      required: {
        clientId: errorText.draftClientIdInvalid,
        title: errorText.saveDraftFailed,
        data: errorText.draftTooLarge,
        editedAt: errorText.draftEditedAtInvalid,
      },
    },
  },
);
export type SaveDraftBody = Static<typeof SaveDraftBody>;

export const SaveDraftResult = Type.Object({
  /** The current copy after the save, with its versions. */
  draft: Draft,
  /** True when the server copy had been edited elsewhere; the losing copy is in `draft.versions`. */
  conflict: Type.Boolean(),
  /** Which copy is current now: the one just sent, or the server's newer one. */
  kept: Type.Union([Type.Literal('incoming'), Type.Literal('server')]),
});
export type SaveDraftResult = Static<typeof SaveDraftResult>;

/** `GET /api/drafts`: the caller's drafts, most recently edited first (without versions). */
export const DraftList = Type.Object({ drafts: Type.Array(Draft) });
export type DraftList = Static<typeof DraftList>;
