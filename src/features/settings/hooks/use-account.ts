import useSWR from 'swr';
import type { CurrentUser } from '../../../../contract/auth';
import { useSessionStore } from '../../../stores/session-store';
import { getAccount } from '../api/account';

const ACCOUNT_KEY = 'settings-account';

/**
 * The signed-in user's own record (contact details, preferences, whether a password is set),
 * read fresh for the settings page. `save` takes what a settings call answered and passes the
 * public part on to the session, so the header shows a new name or avatar at once.
 */
export function useAccount() {
  const swr = useSWR(ACCOUNT_KEY, getAccount, { revalidateOnFocus: false });
  const { mutate } = swr;

  function save(account: CurrentUser) {
    void mutate(account, { revalidate: false });
    useSessionStore.getState().updateUser({
      username: account.username,
      avatar: account.avatar,
      bio: account.bio,
      email: account.email,
      phone: account.phone,
    });
  }

  function patch(change: (account: CurrentUser) => CurrentUser) {
    void mutate((current) => (current ? change(current) : current), { revalidate: false });
  }

  return { ...swr, save, patch };
}
