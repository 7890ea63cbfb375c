import type { AuthResponse, CurrentUser } from '../../../../contract/auth';
import { errorText } from '../../../../contract/page-messages';
import type { CodePurpose, SendCodeResponse } from '../../../../contract/phone';
import { ApiError, api } from '../../../lib/api/client';

/** SPEC.md section 8 for phone login: 401 wrong code, 404 phone not registered. */
const PHONE_LOGIN_STATUS_TEXT: Record<number, string> = {
  401: errorText.codeWrong,
  404: errorText.phoneNotRegistered,
};

// Every call here changes something (a code sent, a code spent): a silent retry after a
// timeout could send a second SMS or burn a code, so none is retried.
const once = { retries: 0 } as const;

export function sendVerificationCode(phone: string, type: CodePurpose): Promise<SendCodeResponse> {
  return api.post<SendCodeResponse>(
    '/api/auth/verification-code',
    { phone, type },
    { ...once, errorMessage: errorText.sendCodeFailed },
  );
}

function requireToken(response: AuthResponse | undefined): AuthResponse {
  if (!response?.token) throw new ApiError(500, errorText.noTokenServer, response);
  return response;
}

export async function loginWithPhone(phone: string, verificationCode: string) {
  try {
    const response = await api.post<AuthResponse>(
      '/api/auth/login/phone',
      { phone, verificationCode },
      { ...once, errorMessage: errorText.phoneLoginFailed },
    );
    return requireToken(response);
  } catch (error) {
    // The server's own text wins (it may say the code expired); the status decides otherwise.
    if (error instanceof ApiError && PHONE_LOGIN_STATUS_TEXT[error.status]) {
      const sent = error.message !== errorText.phoneLoginFailed;
      const message = sent ? error.message : PHONE_LOGIN_STATUS_TEXT[error.status];
      throw new ApiError(error.status, message, error.data);
    }
    throw error;
  }
}

export interface PhoneRegistration {
  username: string;
  phone: string;
  verificationCode: string;
  password: string;
}

/** SPEC.md section 8: a 400 with a message is shown as it is. */
export async function registerWithPhone(body: PhoneRegistration): Promise<AuthResponse> {
  const response = await api.post<AuthResponse>('/api/auth/register/phone', body, {
    ...once,
    errorMessage: errorText.phoneRegisterFailed,
  });
  return requireToken(response);
}

export function bindPhone(phone: string, verificationCode: string): Promise<CurrentUser> {
  return api.put<CurrentUser>(
    '/api/auth/phone',
    { phone, verificationCode },
    { ...once, errorMessage: errorText.requestFailed },
  );
}
