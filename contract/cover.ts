import { Type } from 'typebox';
import type { Static } from 'typebox';
import { errorText } from './messages.ts';
import { POST_LIMITS } from './post-rules.ts';

/** The colour cards a text cover can be set on (server/modules/covers/text-cover.ts). */
export const COVER_STYLES = ['cream', 'mint', 'sky', 'rose', 'lemon', 'night'] as const;
export type CoverStyle = (typeof COVER_STYLES)[number];

/**
 * `POST /api/posts/cover`: a text cover drawn from the note's title, stored as the caller's
 * upload; the answer is the same `ImageRef` as `POST /api/posts/upload`. Without `style` the
 * server picks one from the title, so one title always gets the same card.
 */
export const CoverBody = Type.Object(
  {
    title: Type.String({
      pattern: '\\S',
      maxLength: POST_LIMITS.titleMax,
      errorMessage: {
        type: errorText.titleRequired,
        pattern: errorText.titleRequired,
        maxLength: errorText.titleTooLong,
      },
    }),
    style: Type.Optional(
      Type.Union(
        COVER_STYLES.map((style) => Type.Literal(style)),
        { errorMessage: errorText.coverStyleInvalid },
      ),
    ),
  },
  { errorMessage: { required: { title: errorText.titleRequired } } },
);
export type CoverBody = Static<typeof CoverBody>;
