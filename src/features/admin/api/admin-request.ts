import { errorText } from '../../../../contract/page-messages';
import { ApiError } from '../../../lib/api/client';
import { storageKeys } from '../../../lib/storage-keys';
import { adminTexts } from '../texts';

const LOGGED_STATUSES: Record<number, string> = {
  401: adminTexts.logUnauthorized,
  403: adminTexts.logForbidden,
  404: adminTexts.logNotFound,
  500: adminTexts.logServerError,
};

/**
 * SPEC.md sections 5 and 8 for admin calls: without a stored token the call fails here with
 * 认证失败，请重新登录; offline it fails with the network text; a 401, 403, 404 or 500 from the
 * server is logged before it is passed on.
 */
export async function adminRequest<T>(call: () => Promise<T>): Promise<T> {
  if (!localStorage.getItem(storageKeys.token)) {
    throw new ApiError(401, errorText.authFailedRelogin);
  }
  if (!navigator.onLine) throw new ApiError(0, errorText.networkLost);
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError && LOGGED_STATUSES[error.status]) {
      console.error(LOGGED_STATUSES[error.status], error.message);
    }
    throw error;
  }
}
