import { Box, Center, Group, Paper, Stack, Text } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { LanguageSelect } from '@/components/LanguageSelect';
import { PageLoader } from '@/components/PageLoader';

/** Frame of the sign-in pages: product name, language choice, a card. */
export function GuestLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('layout');
  return (
    <Center mih="100vh" p="lg" bg="gray.0">
      <Stack w={420} gap="md">
        <Group justify="space-between">
          <Text fw={700} size="lg" c="brand.7">
            {t('productName')}
          </Text>
          <LanguageSelect size="xs" />
        </Group>
        <Paper withBorder shadow="sm" p="xl" radius="md">
          <Box>
            <Suspense fallback={<PageLoader />}>{children ?? <Outlet />}</Suspense>
          </Box>
        </Paper>
      </Stack>
    </Center>
  );
}
