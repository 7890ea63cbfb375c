import type { NotificationType } from '../../../contract/notification';

/** Every Chinese text of the notifications panel. */
export const notificationTexts = {
  title: '通知',
  markAllRead: '全部已读',
  loading: '正在加载通知',
  loadMore: '加载更多',
  loadingMore: '加载中…',
  emptyTitle: '还没有通知',
  emptyDescription: '有人点赞、评论或关注你时，会在这里提醒你。',
  unread: '未读',
  system: '系统通知',
  someone: '有人',
  actions: {
    like: '赞了你的笔记',
    favorite: '收藏了你的笔记',
    comment: '评论了你的笔记',
    reply: '回复了你的评论',
    follow: '关注了你',
    message: '给你发来私信',
    new_post: '发布了新笔记',
    post_approved: '你的笔记已通过审核',
    post_rejected: '你的笔记未通过审核',
    report_resolved: '你的举报已处理',
    mention: '在笔记中提到了你',
  } satisfies Record<NotificationType, string>,
  /** A handled report, by what the admin did. */
  reportOutcomes: {
    hide: '你举报的内容已被隐藏，感谢你的举报',
    delete: '你举报的内容已被删除，感谢你的举报',
    ban: '你举报的账号已被封禁，感谢你的举报',
    dismiss: '你举报的内容经核查未发现违规',
  } as Record<string, string>,
  mentionInComment: '在评论中提到了你',
  reason: (reason: string) => `原因：${reason}`,
  unreadPrefix: '未读：',
} as const;
