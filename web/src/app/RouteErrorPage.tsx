import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { errorMessage } from '@/lib/api/errorMessage';
import { ChunkLoadError } from '@/lib/api/errors';

/** A page that crashed or whose code could not be loaded. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunk = error instanceof ChunkLoadError;
  return (
    <Center mih="60vh" p="lg">
      <Stack align="center" gap="md" maw={480}>
        <Title order={2}>{t('errorTitle')}</Title>
        <Text ta="center" data-testid="route-error">
          {chunk ? errorMessage(error, t) : t('errors:GENERIC')}
        </Text>
        {/* A full reload fetches the current build's files. */}
        <Button onClick={() => window.location.reload()}>{t('reload')}</Button>
      </Stack>
    </Center>
  );
}
