/**
 * Texts of the paged lists' shared parts (admin pages, feedback), kept apart from
 * `componentTexts` so the home page's first load does not carry them.
 */
export const listTexts = {
  otherPages: '其他管理页面',
  previousPage: '上一页',
  nextPage: '下一页',
  pageOf: '第 {page} / {pages} 页',
} as const;
