import type { ReactNode } from 'react';
import { lazyPage } from '../lazyPage';

type Frame = { children?: ReactNode };

// The frames are chunks of their own too: a guest on the sign-in page does
// not download the signed-in shell (sidebar, header, user menu), nor the
// reverse. RootLayout's Suspense shows the loader while one arrives.
export const GuestLayout = lazyPage<Frame>(() => import('./GuestLayout').then((m) => ({ default: m.GuestLayout })));
export const MainLayout = lazyPage<Frame>(() => import('./MainLayout').then((m) => ({ default: m.MainLayout })));
