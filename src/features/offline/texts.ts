/** The offline feature's texts: banner, update prompt, install, offline reading (the outbox has its own). */
export const offlineTexts = {
  banner: {
    offline: '当前处于离线状态',
    whatWorks: '看过的笔记和保存的离线笔记仍可阅读，发布的笔记、修改和草稿会在联网后自动发送。',
    backOnline: '网络已恢复',
  },
  update: {
    available: '有新版本',
    description: '刷新后即可使用，正在编辑的内容已自动保存。',
    reload: '刷新',
    later: '稍后',
  },
  install: {
    button: '安装应用',
    hint: '把氛围笔记添加到主屏幕，离线也能阅读',
  },
  saved: {
    save: '保存离线阅读',
    saving: '正在保存…',
    saved: '已保存离线阅读',
    remove: '取消离线保存',
    savedToast: '已保存，离线时也能阅读这篇笔记',
    removedToast: '已从离线阅读中移除',
    unsupported: '当前浏览器不支持离线阅读',
    listTitle: '离线阅读',
    listEmpty: '还没有保存离线阅读的笔记',
    listEmptyHint: '在笔记页点击“保存离线阅读”，没有网络时也能打开。',
    listError: '离线阅读列表加载失败，请刷新后重试',
    savedAt: (when: string) => `保存于 ${when}`,
  },
  needsNetwork: '此操作需要联网，请连接网络后重试',
  noteNotSaved: {
    title: '这篇笔记还没有离线保存',
    description: '联网后打开一次，或在笔记页点击“保存离线阅读”，没有网络时也能阅读。',
    openSaved: '查看离线阅读',
    retry: '重试',
  },
  search: {
    title: '搜索需要联网',
    description: '连接网络后就能搜索。现在可以看看你的搜索记录，或者阅读已保存的离线笔记。',
    history: '搜索记录',
    saved: '离线阅读',
    noHistory: '还没有搜索记录',
  },
} as const;
