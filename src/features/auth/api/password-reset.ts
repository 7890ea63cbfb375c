import { api } from '../../../lib/api/client';
import { authTexts } from '../texts';

export function requestPasswordReset(email: string): Promise<unknown> {
  return api.post(
    '/api/auth/forgot-password',
    { email: email.trim() },
    {
      errorMessage: authTexts.forgotFailed,
      retries: 0,
    },
  );
}

export function resetPassword(token: string, password: string): Promise<unknown> {
  return api.post(
    `/api/auth/reset-password/${encodeURIComponent(token)}`,
    { password },
    {
      errorMessage: authTexts.resetFailed,
      retries: 0,
    },
  );
}
