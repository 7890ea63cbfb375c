import { QrCode } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { SocialType } from '../../../../contract/social';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api/client';
import { authorizeSocial, getSocialProviders } from '../api/social';
import { OAUTH_STATE_TTL_MS, savePendingOAuth } from '../social/oauth-pending';
import { qrFrameUrl } from '../social/qr-frame-url';
import { authTexts } from '../texts';
import styles from './login-modal.module.css';

export interface SocialLoginPanelProps {
  provider: SocialType;
  /** Where to return after signing in (a note address). */
  from?: string;
}

type Availability =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'off'; message: string }
  | { kind: 'on' };

const NOT_CONFIGURED = 503;
const QR_RENEW_MARGIN_MS = 30_000;

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : authTexts.providersFailed;
}

/** Asks the provider for a fresh state and remembers it for the return to the callback page. */
async function startAuthorization(provider: SocialType, from: string | undefined) {
  const { url, state } = await authorizeSocial(provider, 'login');
  savePendingOAuth({ provider, state, purpose: 'login', from });
  return url;
}

/**
 * The 微信 and QQ tabs. WeChat shows its QR page inside the modal (or on its own page); QQ
 * sends the tab to QQ's authorisation page. Without configuration the tab says so.
 */
export function SocialLoginPanel({ provider, from }: SocialLoginPanelProps) {
  const [availability, setAvailability] = useState<Availability>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    getSocialProviders().then(
      (providers) => {
        if (!live) return;
        setAvailability(
          providers[provider]
            ? { kind: 'on' }
            : { kind: 'off', message: authTexts.social[provider].notConfigured },
        );
      },
      (error: unknown) => live && setAvailability({ kind: 'failed', message: messageOf(error) }),
    );
    return () => {
      live = false;
    };
  }, [provider, attempt]);

  if (availability.kind === 'loading') {
    return (
      <div className={styles.socialBox}>
        <Spinner label={authTexts.providersLoading} size="large" />
      </div>
    );
  }
  if (availability.kind !== 'on') {
    return (
      <div className={styles.unavailable}>
        <p className={styles.unavailableTitle}>{availability.message}</p>
        {availability.kind === 'off' ? (
          <p>{authTexts.notConfiguredHint}</p>
        ) : (
          <Button variant="secondary" onClick={() => setAttempt((count) => count + 1)}>
            {authTexts.retry}
          </Button>
        )}
      </div>
    );
  }
  return provider === 'wechat' ? (
    <WechatQr from={from} />
  ) : (
    <RedirectLogin
      provider={provider}
      from={from}
      hint={authTexts.qqHint}
      label={authTexts.qqButton}
    />
  );
}

function WechatQr({ from }: { from?: string }) {
  const [qr, setQr] = useState<{ url: string } | { error: string } | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    startAuthorization('wechat', from).then(
      (url) => live && setQr({ url }),
      (error: unknown) => live && setQr({ error: messageOf(error) }),
    );
    return () => {
      live = false;
      setQr(null);
    };
  }, [from, round]);

  const refresh = () => setRound((count) => count + 1);

  // A QR code whose state has expired cannot sign anyone in: show a fresh one before that.
  useEffect(() => {
    if (!qr || !('url' in qr)) return;
    const timer = setTimeout(refresh, OAUTH_STATE_TTL_MS - QR_RENEW_MARGIN_MS);
    return () => clearTimeout(timer);
  }, [qr]);

  return (
    <div className={styles.socialBox}>
      {qr === null && <Spinner label={authTexts.wechatLoading} size="large" />}
      {qr && 'error' in qr && (
        <>
          <p className={styles.socialError} role="alert">
            {qr.error}
          </p>
          <Button variant="secondary" onClick={refresh}>
            {authTexts.retry}
          </Button>
        </>
      )}
      {qr && 'url' in qr && (
        <>
          <iframe
            key={qr.url}
            className={styles.qrFrame}
            src={qrFrameUrl(qr.url)}
            title={authTexts.wechatQrTitle}
            // WeChat's own embed code sandboxes the page the same way: it may only move this
            // tab to the callback page.
            sandbox="allow-scripts allow-same-origin allow-top-navigation"
          />
          <p className={styles.socialHint}>
            <QrCode size={16} aria-hidden="true" />
            {authTexts.wechatScanHint}
          </p>
          <div className={styles.socialLinks}>
            <a href={qr.url} className={styles.switch}>
              {authTexts.wechatOpenPage}
            </a>
            <button type="button" className={styles.switch} onClick={refresh}>
              {authTexts.wechatRefresh}
            </button>
          </div>
        </>
      )}
    </div>
  );
}

interface RedirectLoginProps {
  provider: SocialType;
  from?: string;
  hint: string;
  label: string;
}

function RedirectLogin({ provider, from, hint, label }: RedirectLoginProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function go() {
    setBusy(true);
    setError(null);
    try {
      window.location.assign(await startAuthorization(provider, from));
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status === NOT_CONFIGURED
          ? authTexts.social[provider].notConfigured
          : messageOf(failure),
      );
      setBusy(false);
    }
  }

  return (
    <div className={styles.socialBox}>
      <p className={styles.socialHint}>{hint}</p>
      {error && (
        <p className={styles.socialError} role="alert">
          {error}
        </p>
      )}
      <Button
        size="large"
        onClick={() => void go()}
        loading={busy}
        loadingLabel={authTexts.redirecting}
      >
        {label}
      </Button>
    </div>
  );
}
