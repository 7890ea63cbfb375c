import type { PostStats } from '../../../contract/admin.ts';
import { toApiId } from '../../lib/ids.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { CategoryCatalog } from '../categories/category-catalog.ts';
import { loadAuthors, presentAuthor } from '../posts/present-post.ts';
import type { StatsRepository } from './stats-repository.ts';

const DAY_MS = 86_400_000;
/** Days are counted in China Standard Time (UTC+8), the site's readers' calendar. */
const DAY_OFFSET_MS = 8 * 3_600_000;
const STATS_DAYS = 30;
const TOP_AUTHORS = 10;

export function createStatsService(deps: {
  /** For the authors' rows (`loadAuthors`). */
  db: Kysely<Database>;
  stats: StatsRepository;
  categories: CategoryCatalog;
}) {
  const { db, stats } = deps;

  return {
    async postStats(now = Date.now()): Promise<PostStats> {
      const today = Math.floor((now + DAY_OFFSET_MS) / DAY_MS);
      const firstDay = today - (STATS_DAYS - 1);
      const [statuses, categories, perDay, top, catalog] = await Promise.all([
        stats.countsByStatus(),
        stats.publishedByCategory(),
        stats.createdPerDay(firstDay * DAY_MS - DAY_OFFSET_MS, DAY_OFFSET_MS),
        stats.topAuthors(TOP_AUTHORS),
        deps.categories.all(),
      ]);
      const byStatus = { pending: 0, approved: 0, rejected: 0, total: 0 };
      for (const row of statuses) {
        byStatus[row.status] = Number(row.n);
        byStatus.total += Number(row.n);
      }
      const perCategory = new Map(categories.map((row) => [row.category_id, Number(row.n)]));
      const perDayCount = new Map(perDay.map((row) => [Number(row.day), Number(row.n)]));
      const authors = await loadAuthors(
        db,
        top.map((row) => row.author_id),
      );
      return {
        byStatus,
        byCategory: catalog.map((category) => ({
          _id: toApiId(category.id),
          slug: category.slug,
          name: category.name,
          count: perCategory.get(category.id) ?? 0,
        })),
        perDay: Array.from({ length: STATS_DAYS }, (_, index) => {
          const day = firstDay + index;
          return {
            date: new Date(day * DAY_MS).toISOString().slice(0, 10),
            count: perDayCount.get(day) ?? 0,
          };
        }),
        topAuthors: top.flatMap((row) => {
          const author = authors.get(row.author_id);
          return author
            ? [
                {
                  author: presentAuthor(author),
                  posts: Number(row.posts),
                  likes: Number(row.likes ?? 0),
                },
              ]
            : [];
        }),
      };
    },
  };
}
