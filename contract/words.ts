import { Type } from 'typebox';
import type { Static } from 'typebox';

export const WORD_MAX_LENGTH = 32;
export const WORD_LIST_MAX = 10_000;

export const wordText = {
  listInvalid: `词表最多 ${WORD_LIST_MAX} 个词，每个词最多 ${WORD_MAX_LENGTH} 个字`,
  /** Names no word, so the list cannot be probed. */
  contentRefused: '内容包含不适宜发布的词语，请修改后再试',
} as const;

/** `GET /api/admin/words` answers it; `PUT /api/admin/words` takes it and answers the saved list. */
export const WordList = Type.Object(
  {
    words: Type.Array(Type.String({ maxLength: WORD_MAX_LENGTH }), {
      maxItems: WORD_LIST_MAX,
      errorMessage: wordText.listInvalid,
    }),
  },
  { errorMessage: { required: { words: wordText.listInvalid } } },
);
export type WordList = Static<typeof WordList>;
