/** Chinese texts of the resilience helpers: rate-limited user fetches and failed page loads. */
export const resilienceTexts = {
  /** The name a placeholder user shows while a rate-limited fetch waits to retry. */
  loadingUser: '加载中…',
  chunkFailedTitle: '页面加载失败',
  chunkFailedBody: '网络不稳定，或网站刚刚更新了版本。重新加载即可继续浏览。',
  cssFailedBody: '页面样式没有加载成功。重新加载即可恢复正常显示。',
  reload: '重新加载',
  backHome: '返回首页',
};
