import { Type } from 'typebox';
import type { Static } from 'typebox';
import { Pagination } from './common.ts';

export const MUTE_DAYS_MAX = 3650;
export const PEOPLE_REASON_MAX = 200;
export const PEOPLE_QUERY_MAX = 100;

/** The texts of managing people, shared by the server's errors and the admin pages. */
export const peopleText = {
  userNotFound: '用户不存在',
  reasonRequired: '请填写原因',
  reasonTooLong: `原因最多 ${PEOPLE_REASON_MAX} 个字`,
  daysInvalid: `禁言天数应为 1 到 ${MUTE_DAYS_MAX} 之间的整数`,
  notSelf: '不能对自己执行此操作',
  notAdminTarget: '不能禁言或封禁管理员',
  nothingToLift: '该用户未被禁言或封禁',
  muted: '你已被禁言至 {until}，原因：{reason}',
  banned: '你的账号已被封禁，原因：{reason}',
} as const;

/** A reason the person is shown (a mute, a ban, a lift). */
export const PeopleReason = Type.String({
  minLength: 1,
  // A reason the user sees must say something: blank text is refused like a missing one.
  pattern: '\\S',
  maxLength: PEOPLE_REASON_MAX,
  errorMessage: {
    type: peopleText.reasonRequired,
    minLength: peopleText.reasonRequired,
    pattern: peopleText.reasonRequired,
    maxLength: peopleText.reasonTooLong,
  },
});

export const ReasonBody = Type.Object(
  { reason: PeopleReason },
  { errorMessage: { required: { reason: peopleText.reasonRequired } } },
);
export type ReasonBody = Static<typeof ReasonBody>;

export const MuteBody = Type.Object(
  {
    days: Type.Integer({
      minimum: 1,
      maximum: MUTE_DAYS_MAX,
      errorMessage: peopleText.daysInvalid,
    }),
    reason: PeopleReason,
  },
  {
    errorMessage: {
      required: { days: peopleText.daysInvalid, reason: peopleText.reasonRequired },
    },
  },
);
export type MuteBody = Static<typeof MuteBody>;

export const UserListQuery = Type.Object({
  query: Type.Optional(Type.String({ maxLength: PEOPLE_QUERY_MAX })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 20 })),
});
export type UserListQuery = Static<typeof UserListQuery>;

const NullableString = Type.Union([Type.String(), Type.Null()]);

export const UserStatus = Type.Object({
  state: Type.Union([Type.Literal('active'), Type.Literal('muted'), Type.Literal('banned')]),
  mutedUntil: NullableString,
  muteReason: NullableString,
  bannedAt: NullableString,
  banReason: NullableString,
});
export type UserStatus = Static<typeof UserStatus>;

export const ManagedUser = Type.Object({
  id: Type.String(),
  username: Type.String(),
  email: NullableString,
  avatar: Type.String(),
  isAdmin: Type.Boolean(),
  createdAt: Type.String(),
  notesCount: Type.Integer(),
  reportsAgainst: Type.Integer(),
  status: UserStatus,
});
export type ManagedUser = Static<typeof ManagedUser>;

export const ManagedUserList = Type.Object({ users: Type.Array(ManagedUser), ...Pagination });
export type ManagedUserList = Static<typeof ManagedUserList>;

export const AUDIT_ACTIONS = [
  'mute',
  'ban',
  'lift',
  'report.hide',
  'report.delete',
  'report.ban',
  'report.dismiss',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AuditEntry = Type.Object({
  id: Type.String(),
  admin: Type.Object({ id: Type.String(), username: NullableString }),
  action: Type.String(),
  targetType: Type.String(),
  targetId: Type.String(),
  /** The person's name when the target is a user still on record. */
  targetName: NullableString,
  reason: NullableString,
  detail: NullableString,
  createdAt: Type.String(),
});
export type AuditEntry = Static<typeof AuditEntry>;

export const AuditList = Type.Object({ entries: Type.Array(AuditEntry), ...Pagination });
export type AuditList = Static<typeof AuditList>;
