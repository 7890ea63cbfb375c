import { useId, useRef, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import type { CurrentUser } from '../../../../contract/auth';
import { errorText } from '../../../../contract/page-messages';
import { UPLOAD_MAX_BYTES, UPLOAD_MIME_TYPES } from '../../../../contract/post-rules';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { notify } from '../../../lib/notify';
import { updateProfile, uploadAvatar } from '../api/account';
import { settingsTexts } from '../texts';
import { BIO_MAX, profileChanges, validateProfile } from '../validation';
import type { ProfileErrors, ProfileInput } from '../validation';
import { CropDialog } from './crop-dialog';
import styles from './profile-form.module.css';
import { FormAlert } from '../../../components/form-alert';

const texts = settingsTexts.profile;

/** Server answers that belong to one field of the form. */
const FIELD_OF_MESSAGE: Record<string, keyof ProfileInput> = {
  [errorText.usernameTaken]: 'username',
  [errorText.usernameInvalid]: 'username',
  [errorText.emailTaken]: 'email',
  [errorText.emailInvalid]: 'email',
  [errorText.bioTooLong]: 'bio',
};

const savedOf = (account: CurrentUser): ProfileInput => ({
  username: account.username,
  email: account.email ?? '',
  bio: account.bio,
});

export interface ProfileFormProps {
  account: CurrentUser;
  onSaved: (account: CurrentUser) => void;
}

export function ProfileForm({ account, onSaved }: ProfileFormProps) {
  const bioId = useId();
  const [input, setInput] = useState<ProfileInput>(() => savedOf(account));
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const field = (name: 'username' | 'email') => ({
    value: input[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setInput((current) => ({ ...current, [name]: event.target.value })),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateProfile(input, Boolean(account.email));
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    const changes = profileChanges(input, savedOf(account));
    if (Object.keys(changes).length === 0) {
      notify.info(texts.unchanged);
      return;
    }
    setBusy(true);
    try {
      const saved = await updateProfile(changes);
      setInput(savedOf(saved));
      onSaved(saved);
      notify.success(texts.saved);
    } catch (error) {
      const message = error instanceof Error ? error.message : errorText.updateProfileFailed;
      const target = FIELD_OF_MESSAGE[message];
      if (target) setErrors({ [target]: message });
      else setFormError(message);
    } finally {
      setBusy(false);
    }
  }

  const bioLength = [...input.bio].length;

  return (
    <div className={styles.profile}>
      <AvatarEditor account={account} onSaved={onSaved} />
      <form className={styles.form} onSubmit={submit} noValidate>
        <FormAlert>{formError}</FormAlert>
        <TextField
          label={texts.usernameLabel}
          placeholder={texts.usernamePlaceholder}
          autoComplete="username"
          maxLength={20}
          {...field('username')}
        />
        <TextField
          label={texts.emailLabel}
          placeholder={texts.emailPlaceholder}
          type="email"
          autoComplete="email"
          maxLength={254}
          hint={texts.emailHint}
          {...field('email')}
        />
        <div className={styles.field}>
          <div className={styles.labelRow}>
            <label htmlFor={bioId} className={styles.label}>
              {texts.bioLabel}
            </label>
            <span
              className={bioLength > BIO_MAX ? `${styles.count} ${styles.over}` : styles.count}
              aria-live="polite"
            >
              {texts.bioCount(bioLength, BIO_MAX)}
            </span>
          </div>
          <textarea
            id={bioId}
            className={errors.bio ? `${styles.textarea} ${styles.invalid}` : styles.textarea}
            rows={4}
            placeholder={texts.bioPlaceholder}
            value={input.bio}
            aria-invalid={errors.bio ? true : undefined}
            aria-describedby={errors.bio ? `${bioId}-error` : undefined}
            onChange={(event) => setInput((current) => ({ ...current, bio: event.target.value }))}
          />
          {errors.bio && (
            <p id={`${bioId}-error`} className={styles.error} role="alert">
              {errors.bio}
            </p>
          )}
        </div>
        <div>
          <Button type="submit" loading={busy} loadingLabel={texts.saving}>
            {texts.save}
          </Button>
        </div>
      </form>
    </div>
  );
}

/** SPEC.md section 5's upload rules, checked before the picture is even opened. */
function fileProblem(file: File): string | null {
  if (!(UPLOAD_MIME_TYPES as readonly string[]).includes(file.type))
    return errorText.uploadTypeInvalid;
  if (file.size > UPLOAD_MAX_BYTES) return errorText.uploadTooLarge;
  return null;
}

function AvatarEditor({ account, onSaved }: ProfileFormProps) {
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = fileProblem(file);
    setError(problem);
    if (!problem) setChosen(file);
  }

  async function upload(square: File) {
    setChosen(null);
    setProgress(0);
    setError(null);
    try {
      const { url } = await uploadAvatar(square, setProgress);
      const saved = await updateProfile({ avatar: url });
      onSaved(saved);
      notify.success(texts.avatarSaved);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : errorText.uploadFailed);
    } finally {
      setProgress(null);
    }
  }

  return (
    <div className={styles.avatarRow}>
      <Avatar src={account.avatar} alt={account.username} size={72} />
      <div className={styles.avatarText}>
        <Button
          variant="secondary"
          size="small"
          onClick={() => input.current?.click()}
          loading={progress !== null}
          loadingLabel={texts.uploading(progress ?? 0)}
        >
          {progress === null ? texts.changeAvatar : texts.uploading(progress)}
        </Button>
        <p className={error ? styles.error : styles.hint} role={error ? 'alert' : undefined}>
          {error ?? texts.avatarHint}
        </p>
        <input
          ref={input}
          type="file"
          accept={UPLOAD_MIME_TYPES.join(',')}
          className="visually-hidden"
          tabIndex={-1}
          aria-label={texts.changeAvatar}
          onChange={choose}
        />
      </div>
      <CropDialog
        file={chosen}
        onCancel={() => setChosen(null)}
        onCropped={(square) => void upload(square)}
      />
    </div>
  );
}
