import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { loadChunk } from '../lib/chunk-load';
import { whenIdle } from '../lib/idle';

/**
 * Every page bundle, loaded on demand. The loaders are kept apart from the lazy components so
 * the shell can also warm a bundle up (prefetch) before anyone opens it.
 */
const loaders = {
  home: () => import('./routes/home'),
  post: () => import('./routes/post'),
  create: () => import('./routes/create'),
  editPost: () => import('./routes/edit-post'),
  profile: () => import('./routes/profile'),
  userProfile: () => import('./routes/user-profile'),
  search: () => import('./routes/search'),
  adminReview: () => import('./routes/admin-review'),
  adminStats: () => import('./routes/admin-stats'),
  adminFeedback: () => import('./routes/admin-feedback'),
  membership: () => import('./routes/membership'),
  settings: () => import('./routes/settings'),
  register: () => import('./routes/register'),
  forgotPassword: () => import('./routes/forgot-password'),
  resetPassword: () => import('./routes/reset-password'),
  wechatCallback: () => import('./routes/wechat-callback'),
  staticPage: () => import('./routes/static'),
  notFound: () => import('./routes/not-found'),
} satisfies Record<string, () => Promise<{ default: ComponentType<never> }>>;

export type PageName = keyof typeof loaders;

type Pages = {
  [K in PageName]: LazyExoticComponent<Awaited<ReturnType<(typeof loaders)[K]>>['default']>;
};

/** A bundle that fails or takes over 120 s rejects with ChunkLoadError (SPEC.md section 8). */
export const pages = Object.fromEntries(
  Object.entries(loaders).map(([name, load]) => [name, lazy(() => loadChunk(load))]),
) as unknown as Pages;

/**
 * Starts downloading page bundles without rendering them; failures wait for real use. One bundle
 * per quiet moment: each import also adds its dependencies' preload links and runs the bundle,
 * and all of them at once make a long task that would hold up a tap.
 */
export function prefetchPages(names: readonly PageName[]): void {
  const [first, ...rest] = names;
  if (!first) return;
  void loaders[first]().catch(() => undefined);
  if (rest.length > 0) whenIdle(() => prefetchPages(rest));
}
