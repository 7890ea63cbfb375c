import { describe, expect, it } from 'vitest';
import { errorText } from '../../../contract/messages';
import { authTexts } from './texts';
import { hasErrors, validateEmail, validateLogin, validateRegister } from './validation';

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
