import { TextField } from '../../../components/text-field';
import type { TextFieldProps } from '../../../components/text-field';
import { authTexts } from '../texts';

type FieldState = Pick<TextFieldProps, 'value' | 'onChange' | 'error'>;

/** 新密码 and 确认密码, as every form that sets a password shows them. */
export function NewPasswordFields({
  password,
  confirm,
  passwordLabel = authTexts.newPasswordLabel,
  confirmLabel = authTexts.confirmLabel,
}: {
  password: FieldState;
  confirm: FieldState;
  /** 新密码 / 确认新密码 where an old password stands beside them. */
  passwordLabel?: string;
  confirmLabel?: string;
}) {
  return (
    <>
      <TextField
        label={passwordLabel}
        placeholder={authTexts.newPasswordPlaceholder}
        type="password"
        autoComplete="new-password"
        maxLength={64}
        {...password}
      />
      <TextField
        label={confirmLabel}
        placeholder={authTexts.confirmPlaceholder}
        type="password"
        autoComplete="new-password"
        maxLength={64}
        {...confirm}
      />
    </>
  );
}
