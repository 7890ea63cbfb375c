import { Outlet, createBrowserRouter } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { setUnauthorizedRedirect } from '../lib/api/client';
import { AppRoot } from './app-root';
import { RequireAdmin, RequireUser } from './guards';
import { RootLayout } from './layout/root-layout';
import { pages } from './pages';
import { LoginRedirect, PanelRedirect } from './redirects';

const {
  home: Home,
  post: Post,
  create: Create,
  editPost: EditPost,
  profile: Profile,
  userProfile: UserProfile,
  search: Search,
  tag: Tag,
  mentionProfile: MentionProfile,
  adminReview: AdminReview,
  adminStats: AdminStats,
  adminFeedback: AdminFeedback,
  adminReports: AdminReports,
  adminWords: AdminWords,
  adminUsers: AdminUsers,
  adminAudit: AdminAudit,
  membership: Membership,
  settings: Settings,
  register: Register,
  forgotPassword: ForgotPassword,
  resetPassword: ResetPassword,
  wechatCallback: WechatCallback,
  staticPage: StaticPage,
  notFound: NotFound,
} = pages;

/** Every route of SPEC.md section 2. */
export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    children: [
      {
        element: <RootLayout />,
        children: [
          { index: true, element: <Home /> },
          {
            path: 'post/:id',
            element: (
              <RequireUser>
                <Post />
              </RequireUser>
            ),
          },
          {
            path: 'create',
            element: (
              <RequireUser>
                <Create />
              </RequireUser>
            ),
          },
          {
            path: 'edit-post/:id',
            element: (
              <RequireUser>
                <EditPost />
              </RequireUser>
            ),
          },
          {
            path: 'profile',
            element: (
              <RequireUser>
                <Profile />
              </RequireUser>
            ),
          },
          { path: 'profile/:id', element: <UserProfile /> },
          {
            path: 'messages',
            element: <PanelRedirect panel="open-messages-panel" replace={false} />,
          },
          {
            path: 'notifications',
            element: <PanelRedirect panel="open-notifications-panel" replace />,
          },
          { path: 'search', element: <Search /> },
          { path: 'tag/:name', element: <Tag /> },
          { path: 'u/:name', element: <MentionProfile /> },
          {
            path: 'membership',
            element: (
              <RequireUser>
                <Membership />
              </RequireUser>
            ),
          },
          {
            path: 'settings',
            element: (
              <RequireUser>
                <Settings />
              </RequireUser>
            ),
          },
          { path: 'login', element: <LoginRedirect /> },
          { path: 'about', element: <StaticPage name="about" /> },
          { path: 'terms', element: <StaticPage name="terms" /> },
          { path: 'privacy', element: <StaticPage name="privacy" /> },
          { path: 'help', element: <StaticPage name="help" /> },
          // Every admin page behind the one guard.
          {
            element: (
              <RequireAdmin>
                <Outlet />
              </RequireAdmin>
            ),
            children: [
              { path: 'admin/posts/review', element: <AdminReview /> },
              { path: 'admin/posts/stats', element: <AdminStats /> },
              { path: 'admin/reports', element: <AdminReports /> },
              { path: 'admin/words', element: <AdminWords /> },
              { path: 'admin/users', element: <AdminUsers /> },
              { path: 'admin/audit', element: <AdminAudit /> },
              { path: 'admin/feedback', element: <AdminFeedback /> },
            ],
          },
          { path: '*', element: <NotFound /> },
        ],
      },
      // Without the common layout.
      { path: 'register', element: <Register /> },
      { path: 'forgot-password', element: <ForgotPassword /> },
      { path: 'reset-password/:token', element: <ResetPassword /> },
      { path: 'auth/wechat/callback', element: <WechatCallback /> },
      // QQ Connect returns to its own path; the same page finishes either provider.
      { path: 'auth/qq/callback', element: <WechatCallback /> },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  // A 401 moves to /login inside the app instead of reloading the page.
  setUnauthorizedRedirect(() => void router.navigate('/login'));
  return router;
}
