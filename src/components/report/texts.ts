import type { ReportTargetType } from '../../../contract/report-rules';

/** What the report (举报) action and dialog say. */
export const reportTexts = {
  action: '举报',
  actionLabel: {
    post: '举报这篇笔记',
    comment: '举报这条评论',
    user: '举报这个用户',
    message: '举报这条私信',
  } satisfies Record<ReportTargetType, string>,
  reasonLegend: '举报原因',
  detailLabel: '补充说明（选填）',
  detailPlaceholder: '说说你看到了什么，帮助管理员更快处理',
  submit: '提交举报',
  sent: '举报已提交，管理员会尽快处理，结果会通知你',
  failed: '举报失败，请稍后再试',
} as const;
