import { Type } from 'typebox';
import type { Static } from 'typebox';
import { Pagination } from './common.ts';
import { PeopleReason } from './people.ts';
import { PostAuthor } from './post.ts';
import {
  REPORT_ACTIONS,
  REPORT_DETAIL_MAX,
  REPORT_REASONS,
  REPORT_TARGET_TYPES,
} from './report-rules.ts';

/** The texts of the report rules, shared by the server's errors and the browser. */
export const reportText = {
  targetTypeInvalid: '举报对象类型无效',
  targetNotFound: '举报的内容不存在',
  reasonInvalid: '请选择举报原因',
  detailTooLong: `补充说明最多 ${REPORT_DETAIL_MAX} 个字`,
  ownContent: '不能举报自己的内容',
  notRecipient: '只能举报你收到的私信',
  duplicate: '你已举报过该内容，请等待处理',
  reportNotFound: '举报不存在',
  alreadyResolved: '该举报已处理',
  actionInvalid: '处理方式无效',
  actionNotApplicable: '该类内容不支持这种处理方式',
  authorInvalid: '用户编号无效',
  hiddenReason: '因被举报（{reason}）已被管理员隐藏，仅你自己可见',
} as const;

const ApiId = Type.String({
  pattern: '^[1-9][0-9]{0,15}$',
  errorMessage: reportText.targetNotFound,
});

/** `POST /api/reports`. Answers the report (201). */
export const CreateReportBody = Type.Object(
  {
    targetType: Type.Enum(REPORT_TARGET_TYPES, { errorMessage: reportText.targetTypeInvalid }),
    targetId: ApiId,
    reason: Type.Enum(REPORT_REASONS, { errorMessage: reportText.reasonInvalid }),
    detail: Type.Optional(
      Type.Union([Type.String({ maxLength: REPORT_DETAIL_MAX }), Type.Null()], {
        errorMessage: reportText.detailTooLong,
      }),
    ),
  },
  {
    errorMessage: {
      required: {
        targetType: reportText.targetTypeInvalid,
        targetId: reportText.targetNotFound,
        reason: reportText.reasonInvalid,
      },
    },
  },
);
export type CreateReportBody = Static<typeof CreateReportBody>;

export const CreatedReport = Type.Object({ id: Type.String(), status: Type.Literal('open') });
export type CreatedReport = Static<typeof CreatedReport>;

/** What was reported, as it was at the moment of the first report. */
export const ReportSnapshot = Type.Object({
  author: Type.Union([Type.Object({ id: Type.String(), username: Type.String() }), Type.Null()]),
  title: Type.Union([Type.String(), Type.Null()]),
  content: Type.String(),
  /** The note a comment belongs to, so the admin can open it. */
  postId: Type.Union([Type.String(), Type.Null()]),
});
export type ReportSnapshot = Static<typeof ReportSnapshot>;

/** The target as it is now. */
export const ReportTargetState = Type.Object({
  exists: Type.Boolean(),
  hidden: Type.Boolean(),
  content: Type.Union([Type.String(), Type.Null()]),
});
export type ReportTargetState = Static<typeof ReportTargetState>;

export const ReportEntry = Type.Object({
  id: Type.String(),
  reporter: PostAuthor,
  reason: Type.String(),
  detail: Type.Union([Type.String(), Type.Null()]),
  /** ISO 8601. */
  createdAt: Type.String(),
});
export type ReportEntry = Static<typeof ReportEntry>;

/** Every report of one target in one status, newest first; `id` is the newest report's. */
export const ReportGroup = Type.Object({
  id: Type.String(),
  targetType: Type.Enum(REPORT_TARGET_TYPES),
  targetId: Type.String(),
  status: Type.Union([Type.Literal('open'), Type.Literal('resolved')]),
  action: Type.Union([Type.Enum(REPORT_ACTIONS), Type.Null()]),
  count: Type.Integer(),
  snapshot: ReportSnapshot,
  current: ReportTargetState,
  reports: Type.Array(ReportEntry),
});
export type ReportGroup = Static<typeof ReportGroup>;

export const ReportListQuery = Type.Object({
  status: Type.Optional(
    Type.Union([Type.Literal('open'), Type.Literal('resolved')], {
      errorMessage: '举报状态无效',
    }),
  ),
  /** Only the content of this person (the reports against them, as /admin/users counts them). */
  authorId: Type.Optional(
    Type.String({ pattern: '^[1-9][0-9]{0,15}$', errorMessage: reportText.authorInvalid }),
  ),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
});
export type ReportListQuery = Static<typeof ReportListQuery>;

export const ReportList = Type.Object({
  groups: Type.Array(ReportGroup),
  /** The person the list is limited to, when `authorId` asked for one. */
  author: Type.Optional(Type.Object({ id: Type.String(), username: Type.String() })),
  ...Pagination,
});
export type ReportList = Static<typeof ReportList>;

/**
 * `POST /api/admin/reports/{id}/resolve`: resolves every open report of the same target.
 * `reason` is the ban reason the author is shown; only `ban` needs it.
 */
export const ResolveReportBody = Type.Object(
  {
    action: Type.Enum(REPORT_ACTIONS, { errorMessage: reportText.actionInvalid }),
    reason: Type.Optional(PeopleReason),
  },
  { errorMessage: { required: { action: reportText.actionInvalid } } },
);
export type ResolveReportBody = Static<typeof ResolveReportBody>;

export const ResolveReportResult = Type.Object({
  resolved: Type.Integer(),
  action: Type.Enum(REPORT_ACTIONS),
});
export type ResolveReportResult = Static<typeof ResolveReportResult>;
