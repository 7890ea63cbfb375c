import { describe, expect, it } from 'vitest';
import { errorText } from '../../../contract/page-messages';
import { authTexts } from './texts';
import {
  hasErrors,
  maskPhone,
  normalizePhone,
  validateCode,
  validateEmail,
  validateLogin,
  validatePhone,
  validatePhoneCode,
  validatePhoneRegister,
  validateRegister,
} from './validation';

const good = {
  username: '小明_01',
  email: 'ming@example.com',
  password: 'abc12345',
  confirm: 'abc12345',
};

describe('validateRegister', () => {
  it('accepts a valid registration', () => {
    expect(hasErrors(validateRegister(good))).toBe(false);
  });

  it.each([
    [{ username: 'a' }, 'username', errorText.usernameInvalid],
    [{ username: 'has space' }, 'username', errorText.usernameInvalid],
    [{ username: 'x'.repeat(21) }, 'username', errorText.usernameInvalid],
    [{ email: 'not-an-email' }, 'email', errorText.emailInvalid],
    [{ password: 'short1', confirm: 'short1' }, 'password', errorText.passwordInvalid],
    [{ password: 'onlyletters', confirm: 'onlyletters' }, 'password', errorText.passwordInvalid],
    [{ password: '12345678', confirm: '12345678' }, 'password', errorText.passwordInvalid],
    [{ confirm: 'abc123456' }, 'confirm', authTexts.passwordMismatch],
  ])('refuses %o', (change, field, message) => {
    expect(validateRegister({ ...good, ...change })).toEqual({ [field]: message });
  });
});

describe('validateLogin and validateEmail', () => {
  it('asks for both fields', () => {
    expect(validateLogin(' ', '')).toEqual({
      account: authTexts.accountRequired,
      password: authTexts.passwordRequired,
    });
    expect(validateLogin('ming', 'x')).toEqual({});
  });

  it('checks an e-mail address', () => {
    expect(validateEmail('a@b.co')).toBeUndefined();
    expect(validateEmail('a@b')).toBe(errorText.emailInvalid);
  });
});

describe('phone and code', () => {
  it.each(['13800138000', '138 0013 8000', '+86-138-0013-8000', '19912345678'])(
    'accepts the mainland number %s',
    (phone) => {
      expect(validatePhone(phone)).toBeUndefined();
    },
  );

  it.each(['', '1380013800', '12800138000', '138001380001', '1380013800a', '+1 138 0013 8000'])(
    'refuses %j',
    (phone) => {
      expect(validatePhone(phone)).toBe(errorText.phoneInvalid);
    },
  );

  it('keeps only the digits of a pasted number', () => {
    expect(normalizePhone(' +86 138-0013-8000 ')).toBe('13800138000');
  });

  it('wants exactly six digits for a code', () => {
    expect(validateCode('012345')).toBeUndefined();
    expect(validateCode(' 012345 ')).toBeUndefined();
    for (const code of ['', '12345', '1234567', '12a456']) {
      expect(validateCode(code)).toBe(errorText.codeFormatInvalid);
    }
  });

  it('checks a phone login and a phone registration field by field', () => {
    expect(validatePhoneCode({ phone: '1', code: '' })).toEqual({
      phone: errorText.phoneInvalid,
      code: errorText.codeFormatInvalid,
    });
    const good = {
      phone: '13800138000',
      code: '123456',
      username: '小明',
      password: 'abc12345',
      confirm: 'abc12345',
    };
    expect(hasErrors(validatePhoneRegister(good))).toBe(false);
    expect(validatePhoneRegister({ ...good, username: 'x', confirm: 'abc123456' })).toEqual({
      username: errorText.usernameInvalid,
      confirm: authTexts.passwordMismatch,
    });
  });

  it('masks the middle of a stored number', () => {
    expect(maskPhone('13800138000')).toBe('138****8000');
  });
});
