import type { AuthResponse } from '../../../../contract/auth';
import { errorText } from '../../../../contract/page-messages';
import { ApiError, api } from '../../../lib/api/client';
import { LOGIN_TIMEOUT_MS } from '../../../lib/constants';

/** SPEC.md section 8 for password login: 401 wrong password, 404 unknown user, 429 as sent. */
const LOGIN_STATUS_TEXT: Record<number, string> = {
  401: errorText.wrongPassword,
  404: errorText.userNotFound,
};

export async function loginWithPassword(username: string, password: string): Promise<AuthResponse> {
  try {
    const response = await api.post<AuthResponse>(
      '/api/auth/login',
      { username: username.trim(), password },
      { timeoutMs: LOGIN_TIMEOUT_MS, errorMessage: errorText.loginFailed },
    );
    if (!response?.token) throw new ApiError(500, errorText.noTokenLogin, response);
    return response;
  } catch (error) {
    if (error instanceof ApiError && LOGIN_STATUS_TEXT[error.status]) {
      throw new ApiError(error.status, LOGIN_STATUS_TEXT[error.status], error.data);
    }
    throw error;
  }
}
