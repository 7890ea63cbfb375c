import { lazy, Suspense, useEffect } from 'react';
import { Toaster } from 'react-hot-toast';
import { Outlet, ScrollRestoration, useSearchParams } from 'react-router-dom';
import { PageSpinner } from '../components/spinner';
import { OfflineLayer } from '../features/offline/offline-layer';
import { PREFETCH_DELAY_MS, TOAST_DURATION_MS } from '../lib/constants';
import { useModalStore } from '../stores/modal-store';
import { prefetchPages } from './pages';
import { generateSitemapOnRequest } from './sitemap-request';
import { shellTexts } from './texts';

// The modals' code (and framer-motion's) loads the first time someone opens one.
const LoginModal = lazy(() => import('../features/auth/components/login-modal'));
const ModalHost = lazy(() => import('./modal-host'));

/**
 * Wraps every route, with or without the common layout: the overlays (login modal, panels,
 * toasts), scroll restoration, the bundle prefetch and the hidden sitemap utility.
 */
export function AppRoot() {
  const modalsRequested = useModalStore((state) => state.modalsRequested);
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
    <>
      <Suspense fallback={<PageSpinner label={shellTexts.loadingPage} />}>
        <Outlet />
      </Suspense>
      {modalsRequested && (
        <Suspense fallback={null}>
          <LoginModal />
          <ModalHost />
        </Suspense>
      )}
      <Toaster
        position="top-right"
        toastOptions={{
          duration: TOAST_DURATION_MS,
          style: {
            border: '1px solid var(--color-border)',
            background: 'var(--color-surface-raised)',
            color: 'var(--color-text)',
            boxShadow: 'var(--shadow-raised)',
            fontSize: 'var(--text-sm)',
          },
        }}
      />
      <ScrollRestoration />
      <OfflineLayer />
    </>
  );
}
