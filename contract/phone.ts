import { Type } from 'typebox';
import type { Static } from 'typebox';
import { errorText } from './messages.ts';
import { Password, Username } from './user.ts';

/** A mainland China mobile number: 11 digits, 13x to 19x. */
export const PHONE_PATTERN = '^1[3-9][0-9]{9}$';
export const CODE_LENGTH = 6;
/** How long a code may be used, and how often one may be asked for. */
export const CODE_TTL_MS = 5 * 60 * 1000;
export const CODE_RESEND_MS = 60 * 1000;
/** Wrong guesses a code survives before it is void. */
export const CODE_MAX_ATTEMPTS = 5;

export const Phone = Type.String({ pattern: PHONE_PATTERN, errorMessage: errorText.phoneInvalid });
export const VerificationCode = Type.String({
  pattern: `^[0-9]{${CODE_LENGTH}}$`,
  errorMessage: errorText.codeFormatInvalid,
});

export const CODE_PURPOSES = ['login', 'register', 'bind'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

export const SendCodeBody = Type.Object(
  {
    phone: Phone,
    type: Type.Union([Type.Literal('login'), Type.Literal('register'), Type.Literal('bind')], {
      errorMessage: errorText.codeTypeInvalid,
    }),
  },
  {
    errorMessage: { required: { phone: errorText.phoneInvalid, type: errorText.codeTypeInvalid } },
  },
);
export type SendCodeBody = Static<typeof SendCodeBody>;

export const PhoneLoginBody = Type.Object(
  { phone: Phone, verificationCode: VerificationCode },
  {
    errorMessage: {
      required: { phone: errorText.phoneInvalid, verificationCode: errorText.codeFormatInvalid },
    },
  },
);
export type PhoneLoginBody = Static<typeof PhoneLoginBody>;

export const PhoneRegisterBody = Type.Object(
  { username: Username, phone: Phone, verificationCode: VerificationCode, password: Password },
  {
    errorMessage: {
      required: {
        username: errorText.usernameInvalid,
        phone: errorText.phoneInvalid,
        verificationCode: errorText.codeFormatInvalid,
        password: errorText.passwordInvalid,
      },
    },
  },
);
export type PhoneRegisterBody = Static<typeof PhoneRegisterBody>;

/** Settings: bind or change the account's phone with a code of type `bind`. */
export const BindPhoneBody = PhoneLoginBody;
export type BindPhoneBody = PhoneLoginBody;

/** `delivery: 'log'` means development: the page may say the code is in the server log. */
export const SendCodeResponse = Type.Object({
  success: Type.Boolean(),
  delivery: Type.Union([Type.Literal('log'), Type.Literal('sms')]),
});
export type SendCodeResponse = Static<typeof SendCodeResponse>;
