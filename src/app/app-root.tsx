import { lazy, Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useSearchParams } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { PageSpinner } from '../components/spinner';
import { apiCacheConfig } from '../lib/api-cache/swr-cache';
import { ChunkLoadBoundary } from '../lib/chunk-load-boundary';
import { PREFETCH_DELAY_MS } from '../lib/constants';
import { useToastRequested } from '../lib/toast-request';
import { useModalStore } from '../stores/modal-store';
import { prefetchPages } from './pages';
import { generateSitemapOnRequest } from './sitemap-request';
import { shellTexts } from './texts';

// The modals' code (and framer-motion's) loads the first time someone opens one.
const LoginModal = lazy(() => import('../features/auth/components/login-modal'));
const ModalHost = lazy(() => import('./modal-host'));
const Toasts = lazy(() => import('./toasts'));
// The offline banner, update prompt and outbox: their code follows the first paint.
const OfflineLayer = lazy(() =>
  import('../features/offline/offline-layer').then((module) => ({ default: module.OfflineLayer })),
);

/**
 * The toast stack, mounted with the first toast (src/lib/toast-request.ts). A component of its
 * own: a toast raised while the page still hydrates (a request failing offline) updates only
 * this, not the shell above the page, which would make React render the page afresh.
 */
function ToastStack() {
  return useToastRequested() ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

/**
 * Wraps every route, with or without the common layout: the overlays (login modal, panels,
 * toasts), scroll restoration, the bundle prefetch and the hidden sitemap utility. SWR runs on
 * the API cache (lifetimes of SPEC.md section 9); a page bundle that fails to load shows the
 * reload page.
 */
export function AppRoot() {
  const modalsRequested = useModalStore((state) => state.modalsRequested);
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const wantsSitemap = params.get('generate-sitemap') === 'true';

  useEffect(() => {
    const timer = setTimeout(
      () => prefetchPages(['post', 'membership', 'search']),
      PREFETCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (wantsSitemap) void generateSitemapOnRequest();
  }, [wantsSitemap]);

  return (
    <SWRConfig value={apiCacheConfig}>
      <ChunkLoadBoundary resetKey={pathname}>
        <Suspense fallback={<PageSpinner label={shellTexts.loadingPage} />}>
          <Outlet />
        </Suspense>
      </ChunkLoadBoundary>
      {modalsRequested && (
        <Suspense fallback={null}>
          <LoginModal />
          <ModalHost />
        </Suspense>
      )}
      <ToastStack />
      <ScrollRestoration />
      <Suspense fallback={null}>
        <OfflineLayer />
      </Suspense>
    </SWRConfig>
  );
}
