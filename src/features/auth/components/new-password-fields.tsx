import { TextField } from '../../../components/text-field';
import type { TextFieldProps } from '../../../components/text-field';
import { authTexts } from '../texts';

type FieldState = Pick<TextFieldProps, 'value' | 'onChange' | 'error'>;

/** 新密码 and 确认密码, as every form that sets a password shows them. */
export function NewPasswordFields({
  password,
  confirm,
}: {
  password: FieldState;
  confirm: FieldState;
}) {
  return (
    <>
      <TextField
        label={authTexts.newPasswordLabel}
        placeholder={authTexts.newPasswordPlaceholder}
        type="password"
        autoComplete="new-password"
        maxLength={64}
        {...password}
      />
      <TextField
        label={authTexts.confirmLabel}
        placeholder={authTexts.confirmPlaceholder}
        type="password"
        autoComplete="new-password"
        maxLength={64}
        {...confirm}
      />
    </>
  );
}
