import { errorText } from '../../../contract/page-messages';
import { CODE_LENGTH, PHONE_PATTERN } from '../../../contract/phone';
import { EMAIL_PATTERN, PASSWORD_PATTERN, USERNAME_PATTERN } from '../../../contract/user-rules';
import { authTexts } from './texts';

/** Same rules as the server's schemas (contract/user-rules.ts), so the form answers before sending. */
const usernameRule = new RegExp(USERNAME_PATTERN);
const emailRule = new RegExp(EMAIL_PATTERN);
const passwordRule = new RegExp(PASSWORD_PATTERN);
const phoneRule = new RegExp(PHONE_PATTERN);
const codeRule = new RegExp(`^[0-9]{${CODE_LENGTH}}$`);

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export interface RegisterInput {
  username: string;
  email: string;
  password: string;
  confirm: string;
}

export function validateRegister(input: RegisterInput): FieldErrors<keyof RegisterInput> {
  const errors: FieldErrors<keyof RegisterInput> = {};
  const username = validateUsername(input.username);
  if (username) errors.username = username;
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

/** People paste numbers as 138 0013 8000 or +86-138-0013-8000: keep the 11 digits. */
export function normalizePhone(phone: string): string {
  const digits = phone.replace(/[\s-]/g, '');
  return digits.startsWith('+86') ? digits.slice(3) : digits;
}

export function validatePhone(phone: string): string | undefined {
  return phoneRule.test(normalizePhone(phone)) ? undefined : errorText.phoneInvalid;
}

export function validateCode(code: string): string | undefined {
  return codeRule.test(code.trim()) ? undefined : errorText.codeFormatInvalid;
}

export interface PhoneCodeInput {
  phone: string;
  code: string;
}

export function validatePhoneCode(input: PhoneCodeInput): FieldErrors<keyof PhoneCodeInput> {
  const errors: FieldErrors<keyof PhoneCodeInput> = {};
  const phone = validatePhone(input.phone);
  const code = validateCode(input.code);
  if (phone) errors.phone = phone;
  if (code) errors.code = code;
  return errors;
}

export interface PhoneRegisterInput extends PhoneCodeInput {
  username: string;
  password: string;
  confirm: string;
}

export function validatePhoneRegister(
  input: PhoneRegisterInput,
): FieldErrors<keyof PhoneRegisterInput> {
  const errors: FieldErrors<keyof PhoneRegisterInput> = validatePhoneCode(input);
  const username = validateUsername(input.username);
  if (username) errors.username = username;
  return { ...errors, ...validateNewPassword(input.password, input.confirm) };
}

export function validateUsername(username: string): string | undefined {
  return usernameRule.test(username.trim()) ? undefined : errorText.usernameInvalid;
}

/** Shows 138****8000 for a stored number. */
export function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

export const hasErrors = (errors: object) => Object.keys(errors).length > 0;
