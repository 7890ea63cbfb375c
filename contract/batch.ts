import { Type } from 'typebox';
import type { Static } from 'typebox';
import { errorText } from './messages.ts';

/** SPEC.md section 9: at most 10 requests per batch. */
export const BATCH_MAX_REQUESTS = 10;

export const BatchMethod = Type.Union([
  Type.Literal('GET'),
  Type.Literal('POST'),
  Type.Literal('PUT'),
  Type.Literal('PATCH'),
  Type.Literal('DELETE'),
]);
export type BatchMethod = Static<typeof BatchMethod>;

export const BatchRequestItem = Type.Object({
  id: Type.Union([Type.String({ maxLength: 64 }), Type.Number()]),
  url: Type.String({ minLength: 1, maxLength: 2048 }),
  method: Type.Optional(BatchMethod),
  /** JSON body; for GET and DELETE, merged into the query string. */
  data: Type.Optional(Type.Unknown()),
  headers: Type.Optional(Type.Record(Type.String(), Type.String())),
});
export type BatchRequestItem = Static<typeof BatchRequestItem>;

export const BatchBody = Type.Object(
  {
    requests: Type.Array(BatchRequestItem, {
      maxItems: BATCH_MAX_REQUESTS,
      errorMessage: { maxItems: errorText.batchTooMany },
    }),
  },
  { errorMessage: { required: errorText.badRequest } },
);
export type BatchBody = Static<typeof BatchBody>;

export const BatchResult = Type.Object({
  id: Type.Union([Type.String(), Type.Number()]),
  status: Type.Integer(),
  data: Type.Unknown(),
  /** The sub-response's `error` text when its status is not 2xx. */
  error: Type.Optional(Type.String()),
});
export type BatchResult = Static<typeof BatchResult>;

export const BatchResponse = Type.Object({ results: Type.Array(BatchResult) });
export type BatchResponse = Static<typeof BatchResponse>;
