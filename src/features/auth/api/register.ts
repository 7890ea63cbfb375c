import type { AuthResponse, RegisterBody } from '../../../../contract/auth';
import { errorText } from '../../../../contract/page-messages';
import { ApiError, api } from '../../../lib/api/client';

export async function register(body: RegisterBody): Promise<AuthResponse> {
  const response = await api.post<AuthResponse>('/api/auth/register', body, {
    errorMessage: errorText.registerFailed,
    // Registration creates an account: a retry after a timeout could race the first attempt.
    retries: 0,
  });
  if (!response?.token) throw new ApiError(500, errorText.noTokenServer, response);
  return response;
}
