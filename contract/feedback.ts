import { Type } from 'typebox';
import type { Static } from 'typebox';

/**
 * SPEC.md section 5: the feedback types, stored by a stable code; the label is what the form
 * shows and what the admin list prints. 功能问题 is the default.
 */
export const FEEDBACK_TYPES = [
  { code: 'bug', label: '功能问题' },
  { code: 'ui', label: '界面建议' },
  { code: 'content', label: '内容问题' },
  { code: 'question', label: '使用咨询' },
  { code: 'other', label: '其他' },
] as const;
export type FeedbackTypeCode = (typeof FEEDBACK_TYPES)[number]['code'];
export const DEFAULT_FEEDBACK_TYPE: FeedbackTypeCode = 'bug';

export const FEEDBACK_LIMITS = {
  contentMax: 1000,
  contactMax: 100,
  screenshotsMax: 3,
  /** Each screenshot must be smaller than 5 MB. */
  screenshotBytesMax: 5 * 1024 * 1024,
} as const;

/** The form accepts these; the server checks the bytes, not the name. */
export const FEEDBACK_IMAGE_TYPES = [
  'image/jpeg',
  'image/jpg',
  'image/png',
  'image/gif',
  'image/webp',
] as const;

export const FeedbackItem = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  type: Type.String(),
  typeLabel: Type.String(),
  content: Type.String(),
  contactInfo: Type.Union([Type.String(), Type.Null()]),
  user: Type.Union([
    Type.Object({ _id: Type.String(), id: Type.String(), username: Type.String() }),
    Type.Null(),
  ]),
  /** `/api/feedback/screenshots/<name>` URLs. */
  screenshots: Type.Array(Type.String()),
  createdAt: Type.String(),
});
export type FeedbackItem = Static<typeof FeedbackItem>;

export const FeedbackList = Type.Object({
  feedback: Type.Array(FeedbackItem),
  total: Type.Integer(),
  page: Type.Integer(),
  pages: Type.Integer(),
});
export type FeedbackList = Static<typeof FeedbackList>;

export const FeedbackCreated = Type.Object({ _id: Type.String(), id: Type.String() });
export type FeedbackCreated = Static<typeof FeedbackCreated>;
