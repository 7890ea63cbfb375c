import type { SocialType } from '../../../contract/social.ts';

/** Username stem for a new account whose provider nickname has nothing usable in it. */
export const fallbackUsername: Record<SocialType, string> = {
  wechat: '微信用户',
  qq: 'QQ用户',
};
