/** What the worker itself says to the reader (in its own JSON answers). */
export const workerTexts = {
  saveNeedsNetwork: '这篇笔记还没有加载过，请联网后再保存离线阅读',
  saveFailed: '保存离线阅读失败，请稍后再试',
  savedNoteMissing: '这篇笔记不在离线阅读列表中',
  /** A push whose content could not be read still shows something (userVisibleOnly). */
  pushFallbackTitle: '氛围笔记',
  pushFallbackBody: '你有新的通知，点击查看',
} as const;
