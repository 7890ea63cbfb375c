import { createElement, lazy } from 'react';
import type { ComponentProps, ComponentType } from 'react';
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
  tag: () => import('./routes/tag'),
  mentionProfile: () => import('./routes/mention-profile'),
  adminReview: () => import('./routes/admin-review'),
  adminStats: () => import('./routes/admin-stats'),
  adminFeedback: () => import('./routes/admin-feedback'),
  adminReports: () => import('./routes/admin-reports'),
  adminWords: () => import('./routes/admin-words'),
  adminUsers: () => import('./routes/admin-users'),
  adminAudit: () => import('./routes/admin-audit'),
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
  [K in PageName]: ComponentType<
    ComponentProps<Awaited<ReturnType<(typeof loaders)[K]>>['default']>
  >;
};

/** Page modules already in, by name: these render at once instead of through `lazy`. */
const loaded = new Map<PageName, ComponentType<object>>();

/**
 * A page that renders its bundle directly once loadPage() has brought it in, and suspends on it
 * (React.lazy) otherwise. The first render waits for its page this way instead of committing the
 * spinner over the page the server drew.
 */
function page(name: PageName): ComponentType<object> {
  const Lazy = lazy(() =>
    loadChunk(loaders[name] as () => Promise<{ default: ComponentType<object> }>),
  );
  function Page(props: object) {
    const Loaded = loaded.get(name);
    return Loaded ? createElement(Loaded, props) : createElement(Lazy, props);
  }
  Page.displayName = `Page(${name})`;
  return Page;
}

/** A bundle that fails or takes over 120 s rejects with ChunkLoadError (SPEC.md section 8). */
export const pages = Object.fromEntries(
  Object.keys(loaders).map((name) => [name, page(name as PageName)]),
) as unknown as Pages;

/** Brings a page's bundle in so that the page renders without suspending; failures are left to the render. */
export async function loadPage(name: PageName): Promise<void> {
  try {
    const module = (await loadChunk(loaders[name])) as { default: ComponentType<object> };
    loaded.set(name, module.default);
  } catch {
    // The lazy path loads it again and shows the reload page if it fails for good.
  }
}

/** Every page, for the server's renderer: a page rendered there never suspends. */
export async function loadAllPages(): Promise<void> {
  await Promise.all(Object.keys(loaders).map((name) => loadPage(name as PageName)));
}

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
