import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../contract/user';
import { onAppEvent } from '../lib/auth-events';
import type { AppEventMap } from '../lib/auth-events';
import { normalizeUser, useSessionStore } from '../stores/session-store';
import { RequireAdmin, RequireUser } from './guards';
import { LoginRedirect, PanelRedirect } from './redirects';

const member = normalizeUser({ _id: '3', username: '小红' }) as User;

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>首页内容</p> },
      {
        path: '/create',
        element: (
          <RequireUser>
            <p>发布页</p>
          </RequireUser>
        ),
      },
      {
        path: '/admin/posts/review',
        element: (
          <RequireAdmin>
            <p>审核页</p>
          </RequireAdmin>
        ),
      },
      { path: '/messages', element: <PanelRedirect panel="open-messages-panel" replace={false} /> },
      {
        path: '/notifications',
        element: <PanelRedirect panel="open-notifications-panel" replace />,
      },
      { path: '/login', element: <LoginRedirect /> },
      { path: '/post/:id', element: <p>笔记页</p> },
    ],
    { initialEntries: ['/start', path], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function recordEvent<K extends keyof AppEventMap>(name: K) {
  const seen: AppEventMap[K][] = [];
  stops.push(onAppEvent(name, (detail) => seen.push(detail)));
  return seen;
}

let stops: (() => void)[] = [];

beforeEach(() => {
  useSessionStore.setState({ status: 'signed-out', token: null, user: null });
});

afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
  vi.restoreAllMocks();
});

describe('guards', () => {
  it('sends a visitor home (replace) and asks for the login modal with where they were', async () => {
    const opened = recordEvent('open-login-modal');
    const router = renderAt('/create?draft=1');
    await screen.findByText('首页内容');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(opened).toEqual([{ from: '/create?draft=1' }]);
  });

  it('waits while the session is being checked', () => {
    useSessionStore.setState({ status: 'loading' });
    renderAt('/create');
    expect(screen.getByRole('status')).toBeTruthy();
  });

  it('lets a member in, but sends a non-admin home from admin pages', async () => {
    useSessionStore.setState({ status: 'signed-in', token: 't', user: member });
    renderAt('/create');
    await screen.findByText('发布页');
    const router = renderAt('/admin/posts/review');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('lets an admin into admin pages', async () => {
    useSessionStore.setState({
      status: 'signed-in',
      token: 't',
      user: { ...member, isAdmin: true },
    });
    renderAt('/admin/posts/review');
    await screen.findByText('审核页');
  });
});

describe('redirects', () => {
  it('/messages pushes home and opens the messages panel', async () => {
    const opened = recordEvent('open-messages-panel');
    const router = renderAt('/messages');
    await screen.findByText('首页内容');
    expect(router.state.historyAction).toBe('PUSH');
    expect(opened).toHaveLength(1);
  });

  it('/notifications replaces with home and opens the notifications panel', async () => {
    const opened = recordEvent('open-notifications-panel');
    const router = renderAt('/notifications');
    await screen.findByText('首页内容');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(opened).toHaveLength(1);
  });

  it('/login opens the modal with a note address to come back to, and drops any other', async () => {
    const opened = recordEvent('open-login-modal');
    const router = renderAt('/login?from=/post/42');
    await screen.findByText('首页内容');
    expect(router.state.historyAction).toBe('REPLACE');
    renderAt('/login?from=https://evil.example.com/');
    await waitFor(() => expect(opened).toEqual([{ from: '/post/42' }, { from: undefined }]));
  });

  it('/login sends someone already signed in straight to the note', async () => {
    useSessionStore.setState({ status: 'signed-in', token: 't', user: member });
    renderAt('/login?from=/post/42');
    await screen.findByText('笔记页');
  });
});
