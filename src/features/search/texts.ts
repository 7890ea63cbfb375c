/** What the search page says. */
export const searchTexts = {
  pageTitle: '搜索',
  resultsTitle: '“{keyword}”的搜索结果',
  description: '在氛围笔记搜索关于 AI、编程、设计与生活的笔记和作者。',
  heading: '搜索“{keyword}”',
  totalNotes: '找到 {total} 篇相关笔记',
  usersHeading: '相关用户',
  notesHeading: '笔记',
  emptyQuery: '输入关键词，搜索笔记和作者。',
  hotHeading: '大家都在搜',
  noResults: '没有找到与“{keyword}”相关的笔记，换个关键词试试。',
  viewProfile: '查看 {name} 的主页',
  defaultBio: '这个人很懒，还没有写简介。',
  followers: '{count} 粉丝',
} as const;
