import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { PageSpinner } from '../components/spinner';
import { emitAppEvent } from '../lib/auth-events';
import { returnPathOf } from '../lib/return-path';
import { selectStatus, useSessionStore } from '../stores/session-store';
import type { PanelEvent } from '../stores/modal-store';
import { shellTexts } from './texts';

/**
 * /messages (history push) and /notifications (history replace) open their panel over the
 * home page (SPEC.md section 2).
 */
export function PanelRedirect({ panel, replace }: { panel: PanelEvent; replace: boolean }) {
  useEffect(() => {
    emitAppEvent(panel);
  }, [panel]);
  return <Navigate to="/" replace={replace} />;
}

/**
 * /login opens the login modal over the home page; `from` (a note address) is where the modal
 * returns after signing in. Someone already signed in goes straight there.
 */
export function LoginRedirect() {
  const [params] = useSearchParams();
  const status = useSessionStore(selectStatus);
  const target = returnPathOf(params.get('from'));
  useEffect(() => {
    if (status === 'signed-out') emitAppEvent('open-login-modal', { from: target });
  }, [status, target]);
  if (status === 'loading') return <PageSpinner label={shellTexts.loadingPage} />;
  return <Navigate to={status === 'signed-in' && target ? target : '/'} replace />;
}
