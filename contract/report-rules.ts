/**
 * The plain rules about reports, kept apart from the TypeBox schemas in report.ts so the browser
 * can use them without loading a schema library.
 */

export const REPORT_TARGET_TYPES = ['post', 'comment', 'user', 'message'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];
export const REPORT_REASONS = [
  '垃圾广告',
  '色情低俗',
  '违法违规',
  '侵权',
  '人身攻击',
  '其他',
] as const;
export const REPORT_DETAIL_MAX = 500;
/** `ban` bans the author (as /admin/users does) and hides the reported content. */
export const REPORT_ACTIONS = ['hide', 'delete', 'ban', 'dismiss'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
/** The outcomes each kind allows: a person is not hidden or deleted, a message never deleted. */
export const REPORT_ACTIONS_FOR: Record<ReportTargetType, readonly ReportAction[]> = {
  post: ['hide', 'delete', 'ban', 'dismiss'],
  comment: ['hide', 'delete', 'ban', 'dismiss'],
  message: ['hide', 'ban', 'dismiss'],
  user: ['ban', 'dismiss'],
};
