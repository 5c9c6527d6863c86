import { Navigate, type RouteObject } from 'react-router-dom';
import { paths } from '@/lib/routes';
import { GuestOnly } from './guards/GuestOnly';
import { RequireAuth } from './guards/RequireAuth';
import { GuestLayout } from './layout/GuestLayout';
import { MainLayout } from './layout/MainLayout';
import { RootLayout } from './layout/RootLayout';
import { lazyPage } from './lazyPage';
import { NotFoundRoute } from './NotFoundRoute';
import { RouteErrorPage } from './RouteErrorPage';

// One chunk per page keeps the first download small.
const LoginPage = lazyPage(() => import('@/features/auth/components/LoginPage'));
const TwoFactorPage = lazyPage(() => import('@/features/auth/components/TwoFactorPage'));
const ResetLoginPage = lazyPage(() => import('@/features/auth/components/ResetLoginPage'));
const ResetPasswordPage = lazyPage(() => import('@/features/auth/components/ResetPasswordPage'));
const SetNewPasswordPage = lazyPage(() => import('@/features/auth/components/SetNewPasswordPage'));
const ChangePasswordPage = lazyPage(() => import('@/features/auth/components/ChangePasswordPage'));
const HelpPage = lazyPage(() => import('@/features/help/components/HelpPage'));
const DashboardRoute = lazyPage(() => import('./routes/DashboardRoute'));

const strip = (path: string) => path.replace(/^\//, '');

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: (
          <GuestOnly>
            <GuestLayout />
          </GuestOnly>
        ),
        children: [
          { path: strip(paths.login), element: <LoginPage /> },
          { path: strip(paths.twoFactor), element: <TwoFactorPage /> },
          { path: strip(paths.resetLogin), element: <ResetLoginPage /> },
          { path: strip(paths.resetPassword), element: <ResetPasswordPage /> },
        ],
      },
      // Not guest-only: the mail link must work even in a browser that is signed in.
      {
        element: <GuestLayout />,
        children: [{ path: strip(paths.setNewPassword), element: <SetNewPasswordPage /> }],
      },
      {
        path: strip(paths.root),
        element: (
          <RequireAuth>
            <MainLayout />
          </RequireAuth>
        ),
        children: [
          { index: true, element: <Navigate to={paths.dashboard} replace /> },
          { path: strip(paths.dashboard), element: <DashboardRoute /> },
          { path: strip(paths.changePassword), element: <ChangePasswordPage /> },
          { path: strip(paths.help), element: <HelpPage /> },
        ],
      },
      { path: strip(paths.notFound), element: <NotFoundRoute /> },
      { path: '*', element: <Navigate to={paths.notFound} replace /> },
    ],
  },
];
