import type { RunningSite } from './e2e';

/** The seeded demo members' password and the seeded admin (server/seed). */
export const DEMO_PASSWORD = 'demo12345';
export const ADMIN = { username: 'admin', password: 'vibe-admin-2026' } as const;

/** What sign-in and registration answer: the token the app stores, and who it belongs to. */
export interface Account {
  token: string;
  user: { id: string; username: string };
}

export interface NewNote {
  title: string;
  content: string;
  categoryId: string;
  tags?: string[];
  price?: number;
}

let registered = 0;
const stamp = Date.now().toString(36).slice(-6);

/**
 * The running site's API as an end-to-end test uses it to set up its own state: each case makes
 * its own people and notes through these calls, so cases pass alone and in any order.
 */
export function siteApi(site: RunningSite) {
  /** A JSON call; any answer but 2xx throws with its body. */
  async function call<T>(method: string, url: string, token?: string, body?: unknown): Promise<T> {
    const response = await fetch(`${site.origin}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) {
      throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    }
    return (await response.json()) as T;
  }

  const login = (username: string, password = DEMO_PASSWORD) =>
    call<Account>('POST', '/api/auth/login', undefined, { username, password });

  const admin = () => login(ADMIN.username, ADMIN.password);

  /** A new member whose name starts with `prefix` (2 to 10 letters) and is unique in the run. */
  function register(prefix: string, password = 'e2e-pass-12345'): Promise<Account> {
    registered += 1;
    const username = `${prefix}${registered}_${stamp}`;
    return call<Account>('POST', '/api/auth/register', undefined, {
      username,
      email: `${username.replace(/[^A-Za-z0-9_]/g, 'x')}@example.com`,
      password,
    });
  }

  /** Writes a note as `author` (it waits for review) and returns its id. */
  const write = (author: Account, note: NewNote) =>
    call<{ id: string; status: string }>('POST', '/api/posts', author.token, note);

  async function approve(noteId: string): Promise<void> {
    const { token } = await admin();
    await call('POST', `/api/posts/admin/${noteId}/review`, token, { status: 'approved' });
  }

  /** A note by `author` that the admin has approved, so everybody can find it. */
  async function publish(author: Account, note: NewNote): Promise<{ id: string }> {
    const written = await write(author, note);
    await approve(written.id);
    return { id: written.id };
  }

  return { call, login, admin, register, write, approve, publish };
}

export type SiteApi = ReturnType<typeof siteApi>;
