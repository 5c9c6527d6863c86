import { Button, Card, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ErrorState';
import { NotFoundPage } from '@/components/NotFoundPage';
import { PageLoader } from '@/components/PageLoader';
import { showFormError } from '@/lib/forms';
import { notifySuccess } from '@/lib/notify';
import { useCurrentUser } from '@/lib/session/currentUser';
import { useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';
import { useCorporateAccountDetails } from '../api/getCorporateAccount';
import { useAppMenuTypes } from '../api/getSettingsOptions';
import { useUpdateCorporateAccount } from '../api/updateCorporateAccount';
import type { CorporateAccountDetails } from '../api/types';
import { canManageCompanySettings } from './access';

/** company/settings/mobile-app (MSP only): the app menu entries the company's employees see. */
export default function MobileAppSettingsTab() {
  const { data: user } = useCurrentUser();
  const { ospId } = useSelectedCorporateAccount();
  const account = useCorporateAccountDetails(ospId ?? '');
  const types = useAppMenuTypes();
  if (user && !canManageCompanySettings(user)) return <NotFoundPage />;
  if (!ospId || account.isPending || types.isPending) return <PageLoader />;
  if (account.isError) return <ErrorState error={account.error} onRetry={() => void account.refetch()} />;
  if (types.isError) return <ErrorState error={types.error} onRetry={() => void types.refetch()} />;
  return <AppMenuForm key={account.dataUpdatedAt} account={account.data} types={types.data} />;
}

function AppMenuForm({ account, types }: { account: CorporateAccountDetails; types: string[] }) {
  const { t } = useTranslation('companySettings');
  const update = useUpdateCorporateAccount();
  const [selected, setSelected] = useState<string[]>(account.appMenu ?? []);
  const [error, setError] = useState<string | undefined>();

  const save = () => {
    setError(undefined);
    update.mutate({ ospId: account.ospId, appMenu: types.filter((type) => selected.includes(type)) }, {
      onSuccess: () => notifySuccess(t('saved')),
      onError: (failure) =>
        showFormError<{ appMenu: string[] }>(failure, (_, { message }) => setError(message), ['appMenu'], t),
    });
  };

  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Title order={4}>{t('mobileApp.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('mobileApp.intro')}
        </Text>
        {types.length === 0 ? (
          <Text c="dimmed">{t('mobileApp.empty')}</Text>
        ) : (
          <Checkbox.Group label={t('mobileApp.entries')} value={selected} onChange={setSelected} error={error} data-testid="app-menu">
            <Stack gap="xs" mt="xs">
              {types.map((type) => (
                <Checkbox key={type} value={type} label={t(`mobileApp.types.${type}`, { defaultValue: type })} data-testid={`app-menu-${type}`} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        <Group justify="flex-end">
          <Button onClick={save} loading={update.isPending} data-testid="app-menu-save">
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
