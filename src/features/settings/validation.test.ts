import { describe, expect, it } from 'vitest';
import { errorText } from '../../../contract/page-messages';
import { settingsTexts } from './texts';
import { profileChanges, validateProfile } from './validation';

const saved = { username: '小明', email: 'ming@example.com', bio: '你好' };

describe('validateProfile', () => {
  it('accepts a valid profile and an empty e-mail never set', () => {
    expect(validateProfile(saved, true)).toEqual({});
    expect(validateProfile({ ...saved, email: '' }, false)).toEqual({});
  });

  it('names each bad field with the server’s own message', () => {
    expect(
      validateProfile({ username: 'a b', email: 'nope', bio: '字'.repeat(201) }, true),
    ).toEqual({
      username: errorText.usernameInvalid,
      email: errorText.emailInvalid,
      bio: errorText.bioTooLong,
    });
  });

  it('counts the bio in characters, so 200 Chinese characters fit', () => {
    expect(validateProfile({ ...saved, bio: '笔'.repeat(200) }, true)).toEqual({});
  });

  it('refuses to empty a bound e-mail', () => {
    expect(validateProfile({ ...saved, email: ' ' }, true)).toEqual({
      email: settingsTexts.profile.emailRequired,
    });
  });
});

describe('profileChanges', () => {
  it('sends only what changed, trimmed', () => {
    expect(profileChanges(saved, saved)).toEqual({});
    expect(profileChanges({ ...saved, username: ' 小红 ', bio: '新简介' }, saved)).toEqual({
      username: '小红',
      bio: '新简介',
    });
  });

  it('ignores a change of case in the e-mail and an empty one', () => {
    expect(profileChanges({ ...saved, email: 'MING@example.com' }, saved)).toEqual({});
    expect(profileChanges({ ...saved, email: '' }, { ...saved, email: '' })).toEqual({});
    expect(profileChanges({ ...saved, email: 'new@example.com' }, saved)).toEqual({
      email: 'new@example.com',
    });
  });
});
