import { TOKEN_STORAGE_KEY } from '../../contract/page-hints';

/** The localStorage keys of SPEC.md section 3 that more than one module reads. */
export const storageKeys = {
  token: TOKEN_STORAGE_KEY,
  user: 'user',
  userInfoCache: 'user_info_cache',
  justRegistered: 'just_registered',
  forceRefreshUser: 'forceRefreshUser',
} as const;
