/** The plain lists behind the settings schemas, for the browser without TypeBox. */
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];

export const NOTIFICATION_KINDS = ['like', 'comment', 'follow', 'message', 'system'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
