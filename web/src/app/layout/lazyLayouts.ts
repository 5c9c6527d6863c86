import type { ReactNode } from 'react';
import { tokenStore } from '@/lib/auth/tokens';
import { lazyPage } from '../lazyPage';

type Frame = { children?: ReactNode };

const loadGuest = () => import('./GuestLayout').then((m) => ({ default: m.GuestLayout }));
const loadMain = () => import('./MainLayout').then((m) => ({ default: m.MainLayout }));

// The frames are chunks of their own too: a guest on the sign-in page does
// not download the signed-in shell (sidebar, header, user menu), nor the
// reverse. RootLayout's Suspense shows the loader while one arrives.
export const GuestLayout = lazyPage<Frame>(loadGuest);
export const MainLayout = lazyPage<Frame>(loadMain);

// Ask for the frame this visit will most likely need right away, while the
// language's texts download, rather than after the first render.
void (tokenStore.get() ? loadMain() : loadGuest()).catch(() => undefined);
