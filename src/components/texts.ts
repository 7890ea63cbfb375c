/** Chinese texts of the shared components. */
export const componentTexts = {
  close: '关闭',
  loading: '加载中',
  cancel: '取消',
};
