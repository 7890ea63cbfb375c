import { errorText } from '../../../contract/messages';
import { EMAIL_PATTERN, PASSWORD_PATTERN, USERNAME_PATTERN } from '../../../contract/user';
import { authTexts } from './texts';

/** Same rules as the server's schemas (contract/user.ts), so the form answers before sending. */
const usernameRule = new RegExp(USERNAME_PATTERN);
const emailRule = new RegExp(EMAIL_PATTERN);
const passwordRule = new RegExp(PASSWORD_PATTERN);

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export interface RegisterInput {
  username: string;
  email: string;
  password: string;
  confirm: string;
}

export function validateRegister(input: RegisterInput): FieldErrors<keyof RegisterInput> {
  const errors: FieldErrors<keyof RegisterInput> = {};
  if (!usernameRule.test(input.username.trim())) errors.username = errorText.usernameInvalid;
  if (!emailRule.test(input.email.trim()) || input.email.trim().length > 254) {
    errors.email = errorText.emailInvalid;
  }
  const passwordError = validateNewPassword(input.password, input.confirm);
  return { ...errors, ...passwordError };
}

export function validateNewPassword(
  password: string,
  confirm: string,
): FieldErrors<'password' | 'confirm'> {
  if (!passwordRule.test(password)) return { password: errorText.passwordInvalid };
  if (password !== confirm) return { confirm: authTexts.passwordMismatch };
  return {};
}

export function validateEmail(email: string): string | undefined {
  return emailRule.test(email.trim()) ? undefined : errorText.emailInvalid;
}

export function validateLogin(
  account: string,
  password: string,
): FieldErrors<'account' | 'password'> {
  const errors: FieldErrors<'account' | 'password'> = {};
  if (!account.trim()) errors.account = authTexts.accountRequired;
  if (!password) errors.password = authTexts.passwordRequired;
  return errors;
}

export const hasErrors = (errors: object) => Object.keys(errors).length > 0;
