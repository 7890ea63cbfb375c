import type { CurrentUser } from '../../../../contract/auth';
import { errorText } from '../../../../contract/page-messages';
import type { UploadResult } from '../../../../contract/post';
import type { UpdateSettingsBody, UserSettings } from '../../../../contract/settings';
import { api } from '../../../lib/api/client';

export function getAccount(): Promise<CurrentUser> {
  return api.get<CurrentUser>('/api/auth/me', { errorMessage: errorText.userInfoFailed });
}

export interface ProfileChanges {
  username?: string;
  email?: string;
  bio?: string;
  avatar?: string;
}

export function updateProfile(changes: ProfileChanges): Promise<CurrentUser> {
  return api.put<CurrentUser>('/api/auth/me', changes, {
    retries: 0,
    errorMessage: errorText.updateProfileFailed,
  });
}

/** The avatar goes up like any picture (POST /api/posts/upload, field `image`). */
export function uploadAvatar(file: File, onProgress: (percent: number) => void) {
  const form = new FormData();
  form.append('image', file);
  return api.upload<UploadResult>('/api/posts/upload', form, {
    onProgress,
    errorMessage: errorText.uploadFailed,
  });
}

export function updateSettings(changes: UpdateSettingsBody): Promise<UserSettings> {
  return api.put<UserSettings>('/api/auth/settings', changes, {
    retries: 0,
    errorMessage: errorText.requestFailed,
  });
}
