import { Type } from 'typebox';
import type { Static } from 'typebox';

/** A note category (AI, 编程, 设计, 生活, 摄影 …); the home page's tabs follow the list order. */
export const Category = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  /** Stable Latin name for URLs (`ai`, `coding`, `design`, `life`, `photo`). */
  slug: Type.String(),
  /** What the user reads (Chinese). */
  name: Type.String(),
});
export type Category = Static<typeof Category>;

/** `GET /api/categories` */
export const CategoryList = Type.Object({ categories: Type.Array(Category) });
export type CategoryList = Static<typeof CategoryList>;
