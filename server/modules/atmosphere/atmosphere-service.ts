import type { Kysely } from 'kysely';
import { ATMOSPHERE_RULES } from '../../../contract/atmosphere.ts';
import type { AtmosphereKind, AtmosphereMe } from '../../../contract/atmosphere.ts';
import type { DialectName } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { DomainEventBus } from '../../plugins/domain-events.ts';
import { createAtmosphereRepository } from './atmosphere-repository.ts';

const RECENT_EVENTS = 20;

/** Ceilings reset at midnight in China, where the site's readers are. */
export const beijingDay = (now: number): string =>
  new Date(now + 8 * 60 * 60 * 1000).toISOString().slice(0, 10);

const ruleOf = (kind: AtmosphereKind) => {
  const rule = ATMOSPHERE_RULES.find((each) => each.kind === kind);
  if (!rule) throw new Error(`no atmosphere rule for ${kind}`);
  return rule;
};

export function createAtmosphereService(deps: {
  db: Kysely<Database>;
  dialect: DialectName;
  events: DomainEventBus;
  clock?: () => number;
}) {
  const repository = createAtmosphereRepository(deps.db, deps.dialect);
  const clock = deps.clock ?? Date.now;

  async function award(userId: number, kind: AtmosphereKind, ref: string): Promise<void> {
    const rule = ruleOf(kind);
    const now = clock();
    const value = await repository.award({
      userId,
      kind,
      ref,
      points: rule.points,
      dailyLimit: rule.dailyLimit,
      day: beijingDay(now),
      now,
    });
    if (value !== null) {
      await deps.events.emit('atmosphere.changed', { userId, value, points: rule.points, kind });
    }
  }

  /** A new account's first sign-in is its sign-up: the bonus is for coming back. */
  async function dailyLogin(userId: number): Promise<void> {
    const today = beijingDay(clock());
    const createdAt = await repository.createdAt(userId);
    if (createdAt === null || beijingDay(createdAt) === today) return;
    await award(userId, 'daily.login', today);
  }

  return {
    award,
    dailyLogin,

    /** What earns points. Nobody earns from their own likes, favorites or comments. */
    listen(bus: DomainEventBus) {
      const published = (event: { postId: number; authorId: number }) =>
        award(event.authorId, 'note.published', `post:${event.postId}`);
      bus.on('post.created', (event) =>
        event.status === 'approved' ? published(event) : undefined,
      );
      bus.on('post.reviewed', (event) =>
        event.status === 'approved' ? published(event) : undefined,
      );
      bus.on('post.liked', (event) =>
        event.userId === event.authorId
          ? undefined
          : award(event.authorId, 'like.received', `${event.userId}:${event.postId}`),
      );
      bus.on('post.favorited', (event) =>
        event.userId === event.authorId
          ? undefined
          : award(event.authorId, 'favorite.received', `${event.userId}:${event.postId}`),
      );
      bus.on('comment.created', (event) =>
        event.userId === event.postAuthorId
          ? undefined
          : award(event.postAuthorId, 'comment.received', `${event.userId}:${event.postId}`),
      );
      bus.on('user.signed-in', (event) => dailyLogin(event.userId));
    },

    async me(userId: number): Promise<AtmosphereMe> {
      const [value, recent, today] = await Promise.all([
        repository.valueOf(userId),
        repository.recent(userId, RECENT_EVENTS),
        repository.countsOnDay(userId, beijingDay(clock())),
      ]);
      return {
        value,
        today: ATMOSPHERE_RULES.map((rule) => ({
          kind: rule.kind,
          count: today.get(rule.kind) ?? 0,
          dailyLimit: rule.dailyLimit,
        })),
        events: recent.flatMap((event) => {
          const rule = ATMOSPHERE_RULES.find((each) => each.kind === event.kind);
          return rule
            ? [
                {
                  kind: rule.kind,
                  title: rule.title,
                  points: event.points,
                  createdAt: new Date(event.created_at).toISOString(),
                },
              ]
            : [];
        }),
      };
    },
  };
}

export type AtmosphereService = ReturnType<typeof createAtmosphereService>;
