import { Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { EmptyState } from '@/components/EmptyState';
import { ErrorState } from '@/components/ErrorState';
import { PageLoader } from '@/components/PageLoader';
import type { IdentificationToken } from '@/lib/api/types';
import { formatDate } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';
import { useDeleteIdentificationToken } from '../../api/deleteIdentificationToken';
import { useIdentificationTokens } from '../../api/getIdentificationTokens';
import { AddTokenDialog } from './AddTokenDialog';
import { useDetailUser } from './userContext';

/** The cards and numbers that identify the user at mobility providers (Mobib, plates, …). */
export default function IdentificationTab() {
  const { t } = useTranslation('users');
  const user = useDetailUser();
  const tokens = useIdentificationTokens(user.ospId);
  const remove = useDeleteIdentificationToken(user.ospId);
  const [adding, setAdding] = useState(false);
  const [toDelete, setToDelete] = useState<IdentificationToken | null>(null);

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('tokens.intro')}
          </Text>
          <Button onClick={() => setAdding(true)} data-testid="add-token">
            {t('tokens.add')}
          </Button>
        </Group>
        {tokens.isPending ? (
          <PageLoader />
        ) : tokens.isError ? (
          <ErrorState error={tokens.error} onRetry={() => void tokens.refetch()} />
        ) : tokens.data.length === 0 ? (
          <EmptyState message={t('tokens.empty')} />
        ) : (
          <Table data-testid="tokens-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('tokens.type')}</Table.Th>
                <Table.Th>{t('tokens.values')}</Table.Th>
                <Table.Th>{t('tokens.validFrom')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tokens.data.map((token) => (
                <Table.Tr key={token.ospId}>
                  <Table.Td>{t(`tokens.types.${token.type}`, { defaultValue: token.type })}</Table.Td>
                  <Table.Td>
                    {token.fields.map((field) => (
                      <Text size="sm" key={field.fieldType}>
                        {t(`tokens.fieldTypes.${field.fieldType}`, { defaultValue: field.fieldType })}: {field.value}
                      </Text>
                    ))}
                  </Table.Td>
                  <Table.Td>{formatDate(token.validFrom)}</Table.Td>
                  <Table.Td ta="right">
                    <Button size="xs" variant="subtle" color="red" onClick={() => setToDelete(token)}>
                      {t('tokens.delete')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <AddTokenDialog userOspId={user.ospId} opened={adding} onClose={() => setAdding(false)} />
      <ConfirmDialog
        opened={toDelete !== null}
        onClose={() => setToDelete(null)}
        danger
        title={t('tokens.deleteTitle')}
        message={t('tokens.deleteMessage', {
          type: toDelete ? t(`tokens.types.${toDelete.type}`, { defaultValue: toDelete.type }) : '',
        })}
        confirmLabel={t('tokens.delete')}
        loading={remove.isPending}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete.ospId, {
            onSuccess: () => {
              notifySuccess(t('tokens.deleted'));
              setToDelete(null);
            },
          })
        }
      />
    </Card>
  );
}
