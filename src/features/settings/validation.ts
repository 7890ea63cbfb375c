import { errorText } from '../../../contract/page-messages';
import { EMAIL_PATTERN, USERNAME_PATTERN } from '../../../contract/user-rules';
import { settingsTexts } from './texts';

/** The same limits as PUT /api/auth/me's schema (contract/auth.ts UpdateMeBody). */
export const BIO_MAX = 200;
const usernameRule = new RegExp(USERNAME_PATTERN);
const emailRule = new RegExp(EMAIL_PATTERN);

export interface ProfileInput {
  username: string;
  email: string;
  bio: string;
}

export type ProfileErrors = Partial<Record<keyof ProfileInput, string>>;

/** `hadEmail`: a bound e-mail may be changed but not emptied (it is the way to reset). */
export function validateProfile(input: ProfileInput, hadEmail: boolean): ProfileErrors {
  const errors: ProfileErrors = {};
  const email = input.email.trim();
  if (!usernameRule.test(input.username.trim())) errors.username = errorText.usernameInvalid;
  if (email && (!emailRule.test(email) || email.length > 254))
    errors.email = errorText.emailInvalid;
  if (!email && hadEmail) errors.email = settingsTexts.profile.emailRequired;
  if ([...input.bio].length > BIO_MAX) errors.bio = errorText.bioTooLong;
  return errors;
}

/** Only what changed goes to the server (an empty e-mail that was empty stays unsent). */
export function profileChanges(input: ProfileInput, saved: ProfileInput): Partial<ProfileInput> {
  const changes: Partial<ProfileInput> = {};
  const username = input.username.trim();
  const email = input.email.trim();
  if (username !== saved.username) changes.username = username;
  if (email && email.toLowerCase() !== saved.email.toLowerCase()) changes.email = email;
  if (input.bio !== saved.bio) changes.bio = input.bio;
  return changes;
}
