import { errorText } from '../../../contract/messages.ts';
import type {
  ChangePasswordBody,
  UpdateSettingsBody,
  UserSettings,
} from '../../../contract/settings.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { Viewer } from '../users/viewer.ts';
import { accountAttemptKey, createAttemptLimiter, LOGIN_LIMITS } from '../auth/attempt-limiter.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { AttemptStore } from '../auth/attempt-store.ts';
import type { SessionRepository } from '../auth/session-repository.ts';
import type { UserRepository, UserRow } from '../users/user-repository.ts';
import { mergeSettings, readUserSettings } from '../users/user-settings.ts';

/** Account settings that are not profile fields: password, preferences, sessions. */
export function createSettingsService(deps: {
  users: UserRepository;
  sessions: SessionRepository;
  attempts: AttemptStore;
}) {
  const { users, sessions } = deps;
  // A stolen session must not become a way to guess the password.
  const oldPasswordLimiter = createAttemptLimiter(deps.attempts, 'login', LOGIN_LIMITS);

  return {
    /**
     * The old password is required when one is set; an account made through WeChat or QQ sets
     * its first one without. Every other session ends; this device stays signed in.
     */
    async changePassword(viewer: Viewer, body: ChangePasswordBody, ip: string) {
      const current = viewer.row.password_hash;
      if (current) {
        if (!body.oldPassword) throw badRequest(errorText.oldPasswordRequired);
        const attempt = await oldPasswordLimiter.reserve(
          accountAttemptKey(viewer.id),
          ip,
          errorText.tooManyLoginAttempts,
        );
        if (!(await verifyPassword(current, body.oldPassword))) {
          throw badRequest(errorText.oldPasswordWrong);
        }
        await attempt.succeeded();
      }
      await users.update(viewer.id, { password_hash: await hashPassword(body.newPassword) });
      await sessions.revokeOthers(viewer.id, viewer.sessionId);
      return { success: true };
    },

    async updateSettings(user: UserRow, body: UpdateSettingsBody): Promise<UserSettings> {
      const settings = mergeSettings(readUserSettings(user.settings), body);
      const updated = await users.update(user.id, { settings: JSON.stringify(settings) });
      if (!updated) throw notFound(errorText.userNotFound);
      return settings;
    },

    async logoutEverywhere(userId: number) {
      await sessions.revokeAllForUser(userId);
      return { success: true };
    },
  };
}
