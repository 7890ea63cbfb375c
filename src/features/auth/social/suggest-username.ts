import { USERNAME_PATTERN } from '../../../../contract/user-rules';

const usernameRule = new RegExp(USERNAME_PATTERN);

/** A username to start from: the nickname's usable characters, or nothing when too few remain. */
export function suggestUsername(nickname: string): string {
  const cleaned = nickname.replace(/[^\u4e00-\u9fa5A-Za-z0-9_]/g, '').slice(0, 20);
  return usernameRule.test(cleaned) ? cleaned : '';
}
