/** The outbox's words, in the chunk that loads after the first paint. */
export const outboxTexts = {
  title: '待发送',
  summary: (count: number) => `${count} 条内容等待发送`,
  empty: '没有等待发送的内容',
  waiting: '等待中',
  noteWaiting: '等待联网后发送',
  notesWaiting: '等待发送的笔记',
  sending: '发送中',
  failed: '失败',
  retry: '重试',
  discard: '放弃',
  discardConfirm: '放弃后这条内容将被删除，确定放弃吗？',
  publishKind: '发布',
  updateKind: '修改',
  draftKind: '草稿',
  untitled: '无标题',
  sentPublish: (title: string) => `离线时发布的笔记「${title}」已发送`,
  sentUpdate: (title: string) => `离线时对笔记「${title}」的修改已保存`,
  sentDraft: (title: string) => `离线时保存的草稿「${title}」已同步`,
  sentDraftConflict: (title: string) =>
    `离线时保存的草稿「${title}」已同步；它在另一台设备上也有修改，两个版本都已保存，可在“我的草稿”中恢复。`,
  images: (count: number) => `${count} 张图片`,
} as const;
