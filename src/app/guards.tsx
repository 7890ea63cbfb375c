import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PageSpinner } from '../components/spinner';
import { emitAppEvent } from '../lib/auth-events';
import { selectIsAdmin, selectStatus, useSessionStore } from '../stores/session-store';
import { shellTexts } from './texts';

/** SPEC.md section 2: a visitor on a protected page gets the login modal, on the home page. */
function SignInFirst() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    emitAppEvent('open-login-modal', { from: pathname + search });
  }, [pathname, search]);
  return <Navigate to="/" replace />;
}

export function RequireUser({ children }: { children: ReactNode }) {
  const status = useSessionStore(selectStatus);
  if (status === 'loading') return <PageSpinner label={shellTexts.loadingPage} />;
  if (status === 'signed-out') return <SignInFirst />;
  return children;
}

/** Admin pages: anyone signed in without isAdmin exactly true goes to the home page. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const status = useSessionStore(selectStatus);
  const isAdmin = useSessionStore(selectIsAdmin);
  if (status === 'loading') return <PageSpinner label={shellTexts.loadingPage} />;
  if (status === 'signed-out') return <SignInFirst />;
  if (!isAdmin) return <Navigate to="/" replace />;
  return children;
}
