import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoader } from '@/components/PageLoader';
import { LegacyBanner } from '@/features/portal-config/components/LegacyBanner';
import { MobileNotAvailable } from '@/features/portal-config/components/MobileNotAvailable';
import { useIsMobile } from './useIsMobile';

/** Around every route: the legacy banner, and the mobile page on narrow screens. */
export function RootLayout() {
  const isMobile = useIsMobile();
  if (isMobile) return <MobileNotAvailable />;
  return (
    <>
      <LegacyBanner />
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </>
  );
}
