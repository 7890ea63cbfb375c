import { Type } from 'typebox';
import type { Static } from 'typebox';

export const AtmosphereKind = Type.Union([
  Type.Literal('note.published'),
  Type.Literal('like.received'),
  Type.Literal('favorite.received'),
  Type.Literal('comment.received'),
  Type.Literal('daily.login'),
]);
export type AtmosphereKind = Static<typeof AtmosphereKind>;

export const AtmosphereRule = Type.Object({
  kind: AtmosphereKind,
  title: Type.String(),
  points: Type.Integer(),
  /** At most this many awards of the kind per day (Beijing time). */
  dailyLimit: Type.Integer(),
  description: Type.String(),
});
export type AtmosphereRule = Static<typeof AtmosphereRule>;

/**
 * How the atmosphere value (氛围值) is earned. Each award is remembered by what earned it, so it
 * is given once: a like that is taken back and given again earns nothing more.
 */
export const ATMOSPHERE_RULES: readonly AtmosphereRule[] = [
  {
    kind: 'note.published',
    title: '发布笔记',
    points: 10,
    dailyLimit: 5,
    description: '笔记通过审核发布后获得，每篇笔记只计一次',
  },
  {
    kind: 'like.received',
    title: '笔记被点赞',
    points: 2,
    dailyLimit: 50,
    description: '每位用户对每篇笔记只计一次，给自己点赞不计',
  },
  {
    kind: 'favorite.received',
    title: '笔记被收藏',
    points: 3,
    dailyLimit: 30,
    description: '每位用户对每篇笔记只计一次，收藏自己的笔记不计',
  },
  {
    kind: 'comment.received',
    title: '笔记收到评论',
    points: 1,
    dailyLimit: 20,
    description: '每位用户在每篇笔记下只计一次，自己的评论不计',
  },
  {
    kind: 'daily.login',
    title: '每日登录',
    points: 1,
    dailyLimit: 1,
    description: '每天首次登录获得，注册当天不计',
  },
];

export const ATMOSPHERE_NOTES = [
  '每日上限按北京时间零点重置，超出上限的互动当天不再加分。',
  '取消点赞或收藏不会扣除已获得的氛围值，再次点赞或收藏也不会重复加分。',
] as const;

/** `GET /api/atmosphere/rules`. */
export const AtmosphereRules = Type.Object({
  rules: Type.Array(AtmosphereRule),
  notes: Type.Array(Type.String()),
});
export type AtmosphereRules = Static<typeof AtmosphereRules>;

export const AtmosphereEvent = Type.Object({
  kind: AtmosphereKind,
  title: Type.String(),
  points: Type.Integer(),
  /** ISO 8601. */
  createdAt: Type.String(),
});
export type AtmosphereEvent = Static<typeof AtmosphereEvent>;

/** `GET /api/atmosphere/me`: the caller's value, today's use of each ceiling, recent awards. */
export const AtmosphereMe = Type.Object({
  value: Type.Integer(),
  today: Type.Array(
    Type.Object({ kind: AtmosphereKind, count: Type.Integer(), dailyLimit: Type.Integer() }),
  ),
  events: Type.Array(AtmosphereEvent),
});
export type AtmosphereMe = Static<typeof AtmosphereMe>;
