import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/lib/routes';

/** Unknown routes, and routes this user may not see (a 404 rather than a 403, on purpose). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center mih={400}>
      <Stack align="center" gap="md">
        <Title order={1}>404</Title>
        <Text size="lg">{t('notFound.title')}</Text>
        <Text c="dimmed">{t('notFound.description')}</Text>
        <Button component={Link} to={paths.dashboard}>
          {t('notFound.backToDashboard')}
        </Button>
      </Stack>
    </Center>
  );
}
