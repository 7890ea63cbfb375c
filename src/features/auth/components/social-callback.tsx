import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { errorText } from '../../../../contract/page-messages';
import type { SocialProfile, SocialType } from '../../../../contract/social';
import { Avatar } from '../../../components/avatar';
import { Button, buttonClass } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { notify } from '../../../lib/notify';
import { returnPathOf } from '../../../lib/return-path';
import { useSessionStore } from '../../../stores/session-store';
import { bindSocial, registerWithSocial } from '../api/social';
import { completeCallback } from '../social/complete-callback';
import type { CallbackOutcome } from '../social/complete-callback';
import type { OAuthPurpose } from '../social/oauth-pending';
import { suggestUsername } from '../social/suggest-username';
import { authTexts } from '../texts';
import { validateUsername } from '../validation';
import styles from './auth-form.module.css';
import callbackStyles from './social-callback.module.css';
import { PasswordLoginForm } from './password-login-form';
import { SegmentedChoice } from './segmented-choice';
import { FormAlert } from '../../../components/form-alert';

export interface SocialCallbackProps {
  provider: SocialType;
  search: string;
}

/** Where the sign-in lands: the note it was opened for, else the home page. */
function useFinishSignIn() {
  const navigate = useNavigate();
  return (from: string | undefined) =>
    navigate(returnPathOf(from) ?? '/', { replace: true, state: { marker: 'refresh' } });
}

/**
 * The provider's return (/auth/wechat/callback, /auth/qq/callback): checks the state this tab
 * asked for, then signs in, offers to create or bind an account (404 账号未绑定), or binds the
 * provider to the signed-in account when the flow started in settings.
 */
export function SocialCallback({ provider, search }: SocialCallbackProps) {
  const texts = authTexts.social[provider];
  const navigate = useNavigate();
  const finishSignIn = useFinishSignIn();
  // WeChat's QR page may finish inside the modal's frame: the whole tab takes over from here.
  const framed = window.top !== null && window.top !== window.self;
  const [outcome, setOutcome] = useState<CallbackOutcome | null>(null);

  useEffect(() => {
    if (framed) {
      window.top?.location.replace(window.location.href);
      return;
    }
    let live = true;
    void completeCallback(provider, search).then(async (done) => {
      if (!live) return;
      if (done.kind === 'signed-in') {
        await useSessionStore.getState().signIn(done.result.response, 'social');
        notify.success(authTexts.loginSuccess(useSessionStore.getState().user?.username ?? ''));
        finishSignIn(done.from);
        return;
      }
      if (done.kind === 'bound') {
        notify.success(texts.bound);
        navigate('/settings', { replace: true });
        return;
      }
      setOutcome(done);
    });
    return () => {
      live = false;
    };
    // The exchange runs once for this address; the navigation helpers do not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [provider, search, framed]);

  if (outcome?.kind === 'failed') {
    return <CallbackFailed message={outcome.message} purpose={outcome.purpose} />;
  }
  if (outcome?.kind === 'not-bound') {
    return (
      <NotBound
        provider={provider}
        bindTicket={outcome.bindTicket}
        profile={outcome.profile}
        onDone={() => finishSignIn(outcome.from)}
      />
    );
  }
  return (
    <div className={callbackStyles.pending}>
      <Spinner label={texts.completing} size="large" />
      <p>{texts.completing}</p>
    </div>
  );
}

function CallbackFailed({ message, purpose }: { message: string; purpose: OAuthPurpose }) {
  return (
    <div className={styles.form}>
      <FormAlert>
        <strong>{authTexts.callbackFailedTitle}：</strong>
        {message}
      </FormAlert>
      {purpose === 'bind' ? (
        <Link to="/settings" replace className={buttonClass({ size: 'large', block: true })}>
          {authTexts.backToSettings}
        </Link>
      ) : (
        <div className={callbackStyles.choices}>
          <Link to="/login" replace className={buttonClass({ size: 'large' })}>
            {authTexts.retryLogin}
          </Link>
          <Link to="/" replace className={buttonClass({ size: 'large', variant: 'secondary' })}>
            {authTexts.backHome}
          </Link>
        </div>
      )}
    </div>
  );
}

interface NotBoundProps {
  provider: SocialType;
  bindTicket: string;
  profile: SocialProfile;
  onDone: () => void;
}

const CHOICES = ['create', 'bind'] as const;
type Choice = (typeof CHOICES)[number];

function NotBound({ provider, bindTicket, profile, onDone }: NotBoundProps) {
  const texts = authTexts.social[provider];
  const [choice, setChoice] = useState<Choice>('create');
  const nickname = profile.nickname || authTexts.nicknameFallback;

  return (
    <div className={styles.form}>
      <div className={callbackStyles.profile}>
        <Avatar src={profile.avatar} alt="" size={48} />
        <div>
          <p className={callbackStyles.nickname}>{nickname}</p>
          <p className={callbackStyles.explain}>{texts.notBound(nickname)}</p>
        </div>
      </div>
      <SegmentedChoice
        label={authTexts.notBoundChoices}
        options={CHOICES}
        value={choice}
        labels={{ create: authTexts.createAccount, bind: authTexts.bindExisting }}
        onChange={setChoice}
      />
      {choice === 'create' ? (
        <CreateAccount
          provider={provider}
          bindTicket={bindTicket}
          nickname={profile.nickname}
          onDone={onDone}
        />
      ) : (
        <BindExisting provider={provider} bindTicket={bindTicket} onDone={onDone} />
      )}
    </div>
  );
}

interface ChoiceProps {
  provider: SocialType;
  bindTicket: string;
  onDone: () => void;
}

function CreateAccount({
  provider,
  bindTicket,
  nickname,
  onDone,
}: ChoiceProps & { nickname: string }) {
  const [username, setUsername] = useState(() => suggestUsername(nickname));
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateUsername(username);
    setError(found);
    setFormError(null);
    if (found) return;
    setBusy(true);
    try {
      const response = await registerWithSocial(provider, bindTicket, username.trim());
      await useSessionStore.getState().signIn(response, 'social');
      notify.success(authTexts.registerSuccess);
      onDone();
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : errorText.socialLoginFailed;
      if (message === errorText.usernameTaken || message === errorText.usernameInvalid) {
        setError(message);
      } else {
        setFormError(message);
      }
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p className={styles.notice}>{authTexts.social[provider].createHint}</p>
      {formError && (
        <FormAlert>
          {formError}{' '}
          {formError === errorText.bindTicketInvalid && (
            <Link to="/login" replace className={styles.link}>
              {authTexts.retryLogin}
            </Link>
          )}
        </FormAlert>
      )}
      <TextField
        label={authTexts.usernameLabel}
        placeholder={authTexts.usernamePlaceholder}
        autoComplete="username"
        maxLength={20}
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        error={error}
      />
      <Button
        type="submit"
        size="large"
        block
        loading={busy}
        loadingLabel={authTexts.creatingAccount}
      >
        {authTexts.createAccountButton}
      </Button>
    </form>
  );
}

function BindExisting({ provider, bindTicket, onDone }: ChoiceProps) {
  const [state, setState] = useState<'login' | 'binding' | { failed: string }>('login');

  async function bindAfterLogin() {
    setState('binding');
    try {
      await bindSocial(provider, { bindTicket });
      notify.success(authTexts.social[provider].bound);
      onDone();
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : errorText.socialLoginFailed;
      setState({ failed: message });
    }
  }

  if (state === 'login') {
    return (
      <>
        <p className={styles.notice}>{authTexts.social[provider].bindHint}</p>
        <PasswordLoginForm onSuccess={() => void bindAfterLogin()} />
      </>
    );
  }
  if (state === 'binding') return <Spinner label={authTexts.bindingAccount} size="large" />;
  return (
    <>
      <FormAlert>{authTexts.bindAfterLoginFailed(state.failed)}</FormAlert>
      <Button size="large" block onClick={onDone}>
        {authTexts.continueHome}
      </Button>
    </>
  );
}
