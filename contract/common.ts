import { Type } from 'typebox';
import type { Static } from 'typebox';
import { ID_PATTERN } from './id-pattern.ts';
import { errorText } from './messages.ts';

/** Every error body: `{ error: "<Chinese message>" }`. */
export const ErrorBody = Type.Object({ error: Type.String() });
export type ErrorBody = Static<typeof ErrorBody>;

export const IdParam = Type.String({
  pattern: ID_PATTERN,
  errorMessage: errorText.notFound,
});

export const IdParams = Type.Object({ id: IdParam });
export type IdParams = Static<typeof IdParams>;

/** SPEC.md section 5: default page size 10, at most 100. */
export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 100;

export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  // Larger limits are clamped to PAGE_SIZE_MAX rather than refused.
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: PAGE_SIZE_DEFAULT })),
});
export type PageQuery = Static<typeof PageQuery>;

export const Pagination = {
  total: Type.Integer(),
  page: Type.Integer(),
  pages: Type.Integer(),
};
