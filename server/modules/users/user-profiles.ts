import { errorText } from '../../../contract/messages.ts';
import type { User } from '../../../contract/user.ts';
import { notFound } from '../../lib/errors.ts';
import type { Viewer } from './viewer.ts';
import { presentUser } from './present-user.ts';
import type { UserRepository } from './user-repository.ts';

/** A person's public profile; their contact details only to themself and admins. */
export function createUserProfiles(deps: { users: Pick<UserRepository, 'findById' | 'counts'> }) {
  const { users } = deps;
  return {
    async profile(id: number, viewer: Viewer | null): Promise<User> {
      const row = await users.findById(id);
      if (!row) throw notFound(errorText.userNotFound);
      return presentUser(row, {
        withContact: viewer?.id === row.id || viewer?.isAdmin === true,
        extra: await users.counts(row.id),
      });
    },
  };
}

export type UserProfiles = ReturnType<typeof createUserProfiles>;
