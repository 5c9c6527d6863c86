import { Box, Flex, ScrollArea } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoader } from '@/components/PageLoader';
import { useCurrentUser } from '@/lib/session/currentUser';
import { Header } from './Header';
import { Sidebar } from './Sidebar';
import { useAccountLanguage } from './useAccountLanguage';

/** Frame of the signed-in pages (rendered inside RequireAuth, so the user is loaded). */
export function MainLayout({ children }: { children?: ReactNode }) {
  const { data: user } = useCurrentUser();
  useAccountLanguage(user);
  if (!user) return <PageLoader />;

  return (
    <Flex direction="column" mih="100vh">
      <Header user={user} />
      <Flex flex={1} wrap="nowrap">
        <Box w={240} style={{ borderRight: '1px solid var(--mantine-color-gray-3)', flexShrink: 0 }}>
          <ScrollArea h="100%">
            <Sidebar user={user} />
          </ScrollArea>
        </Box>
        <Box component="main" flex={1} p="lg" miw={0}>
          <Suspense fallback={<PageLoader />}>{children ?? <Outlet />}</Suspense>
        </Box>
      </Flex>
    </Flex>
  );
}
