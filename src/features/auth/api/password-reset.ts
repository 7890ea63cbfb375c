import type { SuccessResponse } from '../../../../contract/auth';
import { api } from '../../../lib/api/client';
import { authTexts } from '../texts';

const resetPath = (token: string) => `/api/auth/reset-password/${encodeURIComponent(token)}`;

/** The server answers the same whether or not the address has an account. */
export function requestPasswordReset(email: string): Promise<SuccessResponse> {
  return api.post<SuccessResponse>(
    '/api/auth/forgot-password',
    { email: email.trim() },
    { errorMessage: authTexts.forgotFailed, retries: 0 },
  );
}

/** Rejects with the server's reason (invalid, expired or already used) before any typing. */
export function checkResetToken(token: string): Promise<SuccessResponse> {
  return api.get<SuccessResponse>(resetPath(token), { errorMessage: authTexts.resetFailed });
}

export function resetPassword(token: string, password: string): Promise<SuccessResponse> {
  return api.post<SuccessResponse>(
    resetPath(token),
    { password },
    { errorMessage: authTexts.resetFailed, retries: 0 },
  );
}
