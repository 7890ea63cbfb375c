import { useEffect, useState } from 'react';
import type {
  SocialBindings as Bindings,
  SocialProviders,
  SocialType,
} from '../../../../../contract/social';
import { SOCIAL_TYPES } from '../../../../../contract/social';
import { Avatar } from '../../../../components/avatar';
import { Button } from '../../../../components/button';
import { Spinner } from '../../../../components/spinner';
import { formatTime } from '../../../../lib/format';
import { notify } from '../../../../lib/notify';
import {
  authorizeSocial,
  getSocialBindings,
  getSocialProviders,
  unbindSocial,
} from '../../api/social';
import { savePendingOAuth } from '../../social/oauth-pending';
import { authTexts } from '../../texts';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import styles from './account.module.css';
import { FormAlert } from '../../../../components/form-alert';

const texts = authTexts.account;

type Loaded = { bindings: Bindings; providers: SocialProviders };

/**
 * WeChat and QQ on the settings page: bind (through the provider's page, coming back to the
 * callback page) and unbind. The server refuses to unbind the only way into the account and
 * says so; that message is shown as it is.
 */
export function SocialBindings() {
  const [loaded, setLoaded] = useState<Loaded | { error: string } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState<SocialType | null>(null);
  const [confirming, setConfirming] = useState<SocialType | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    Promise.all([getSocialBindings(), getSocialProviders()]).then(
      ([bindings, providers]) => live && setLoaded({ bindings, providers }),
      (failure: unknown) =>
        live &&
        setLoaded({ error: failure instanceof Error ? failure.message : texts.socialFailed }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  async function bind(type: SocialType) {
    setBusy(type);
    setError(null);
    try {
      const { url, state } = await authorizeSocial(type, 'bind');
      savePendingOAuth({ provider: type, state, purpose: 'bind' });
      window.location.assign(url);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : texts.socialFailed);
      setBusy(null);
    }
  }

  async function unbind(type: SocialType) {
    setBusy(type);
    setError(null);
    try {
      const bindings = await unbindSocial(type);
      setLoaded((current) =>
        current && 'bindings' in current ? { ...current, bindings } : current,
      );
      notify.success(texts.unbound);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : texts.socialFailed);
    } finally {
      setBusy(null);
      setConfirming(null);
    }
  }

  if (loaded === null) {
    return (
      <div className={styles.loading}>
        <Spinner label={texts.socialLoading} />
      </div>
    );
  }
  if ('error' in loaded) {
    return (
      <div className={styles.block}>
        <FormAlert>{loaded.error}</FormAlert>
        <div>
          <Button variant="secondary" onClick={() => setAttempt((count) => count + 1)}>
            {authTexts.retry}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className={styles.block}>
      <FormAlert>{error}</FormAlert>
      <ul className={styles.list}>
        {SOCIAL_TYPES.map((type) => {
          const binding = loaded.bindings[type];
          const configured = loaded.providers[type];
          const names = authTexts.social[type];
          return (
            <li key={type} className={styles.row}>
              {binding ? (
                <Avatar src={binding.avatar} alt="" size={36} />
              ) : (
                <span className={styles.providerMark} data-provider={type} aria-hidden="true">
                  {names.name.slice(0, 1)}
                </span>
              )}
              <div className={styles.rowText}>
                <h3 className={styles.blockTitle}>{names.name}</h3>
                <p className={styles.muted}>
                  {binding
                    ? `${texts.socialBoundAs(binding.nickname ?? names.name)} · ${texts.socialBoundAt(formatTime(binding.boundAt))}`
                    : configured
                      ? texts.socialNotBound
                      : names.notConfigured}
                </p>
              </div>
              {binding ? (
                <Button
                  variant="secondary"
                  size="small"
                  onClick={() => setConfirming(type)}
                  disabled={busy !== null}
                  aria-label={names.unbindTitle}
                >
                  {texts.unbind}
                </Button>
              ) : (
                <Button
                  size="small"
                  onClick={() => void bind(type)}
                  disabled={!configured || busy !== null}
                  loading={busy === type}
                  loadingLabel={authTexts.redirecting}
                  aria-label={names.bindLabel}
                >
                  {texts.bind}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {confirming && (
        <ConfirmDialog
          open
          title={authTexts.social[confirming].unbindTitle}
          message={authTexts.social[confirming].unbindText}
          confirmLabel={texts.confirmUnbind}
          busy={busy === confirming}
          busyLabel={texts.unbinding}
          onConfirm={() => void unbind(confirming)}
          onClose={() => setConfirming(null)}
        />
      )}
    </div>
  );
}
