import { NotFoundPage } from '@/components/NotFoundPage';
import { useIsSignedIn } from '@/lib/auth/tokens';
import { RequireAuth } from './guards/RequireAuth';
import { GuestLayout, MainLayout } from './layout/lazyLayouts';

/** /404 works signed in (inside the portal's frame) and signed out. */
export function NotFoundRoute() {
  const signedIn = useIsSignedIn();
  if (!signedIn) {
    return (
      <GuestLayout>
        <NotFoundPage />
      </GuestLayout>
    );
  }
  return (
    <RequireAuth>
      <MainLayout>
        <NotFoundPage />
      </MainLayout>
    </RequireAuth>
  );
}
