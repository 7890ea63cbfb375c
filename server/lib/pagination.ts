import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../../contract/common.ts';

export interface PageWindow {
  page: number;
  limit: number;
  offset: number;
}

export function pageWindow(
  query: { page?: number; limit?: number },
  defaultLimit = PAGE_SIZE_DEFAULT,
): PageWindow {
  const page = Math.max(1, query.page ?? 1);
  const limit = Math.min(PAGE_SIZE_MAX, Math.max(1, query.limit ?? defaultLimit));
  return { page, limit, offset: (page - 1) * limit };
}

export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}
