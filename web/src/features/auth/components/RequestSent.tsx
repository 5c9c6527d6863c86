import { Alert, Anchor, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/lib/routes';

/**
 * The same neutral answer whether or not an account matched, so the page
 * cannot be used to find out who has an account.
 */
export function RequestSent({ message }: { message: string }) {
  const { t } = useTranslation('auth');
  return (
    <Stack gap="md">
      <Alert color="green" role="status" data-testid="request-sent">
        {message}
      </Alert>
      <Anchor component={Link} to={paths.login} size="sm">
        {t('backToLogin')}
      </Anchor>
    </Stack>
  );
}
