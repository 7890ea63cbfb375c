import type { SuccessResponse } from '../../../../contract/auth';
import { errorText } from '../../../../contract/page-messages';
import { api } from '../../../lib/api/client';

/** `oldPassword` is left out by an account that has none yet (made through WeChat or QQ). */
export function changePassword(newPassword: string, oldPassword?: string) {
  return api.put<SuccessResponse>(
    '/api/auth/password',
    oldPassword === undefined ? { newPassword } : { oldPassword, newPassword },
    { retries: 0, errorMessage: errorText.requestFailed },
  );
}

/** Ends every session of the account, this one included. */
export function logoutEverywhere() {
  return api.post<SuccessResponse>('/api/auth/logout-all', undefined, {
    retries: 0,
    errorMessage: errorText.requestFailed,
  });
}
