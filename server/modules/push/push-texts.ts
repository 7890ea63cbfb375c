/** Every Chinese text a push notification shows (the worker displays them as they come). */
export const pushTexts = {
  someone: '有人',
  message: (who: string) => `${who} 给你发来私信`,
  comment: (who: string) => `${who} 评论了你的笔记`,
  reply: (who: string) => `${who} 回复了你的评论`,
  follow: (who: string) => `${who} 关注了你`,
  followBody: '去看看 TA 的主页吧',
  postApproved: '你的笔记已通过审核',
  postRejected: '你的笔记未通过审核',
  rejectedBody: (title: string, reason: string | null) =>
    reason ? `《${title}》：${reason}` : `《${title}》`,
  approvedBody: (title: string) => `《${title}》已发布`,
  reportResolved: '你的举报已处理',
  reportOutcomes: {
    hide: '你举报的内容已被隐藏，感谢你的举报',
    delete: '你举报的内容已被删除，感谢你的举报',
    dismiss: '你举报的内容经核查未发现违规',
  } as Record<string, string>,
  reportThanks: '感谢你的举报',
} as const;
