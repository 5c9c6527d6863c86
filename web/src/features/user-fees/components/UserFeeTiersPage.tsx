import { Anchor, Button, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { EmptyState } from '@/components/EmptyState';
import { ErrorState } from '@/components/ErrorState';
import { useFormatMoney } from '@/components/Money';
import { NotFoundPage } from '@/components/NotFoundPage';
import { PageLoader } from '@/components/PageLoader';
import { notifySuccess } from '@/lib/notify';
import { paths } from '@/lib/routes';
import { ASSIGNEE_TYPES, useAssigneeName, useDeleteTier, useTiers, type Tier } from '../api/userFees';
import { TierDialog } from './TierDialog';

/**
 * user-fee/{type}?assigneeOspId= (SPEC §2, platform staff): one partner's
 * or company's tiers, ordered by their range, to add, change and delete.
 */
export default function UserFeeTiersPage() {
  const { t, i18n } = useTranslation('userFees');
  const { type = '' } = useParams();
  const [params] = useSearchParams();
  const assigneeType = ASSIGNEE_TYPES[type];
  const assigneeOspId = params.get('assigneeOspId') ?? '';
  const tiers = useTiers(assigneeType, assigneeOspId);
  const name = useAssigneeName(assigneeType ?? 'PARTNER', assigneeOspId, tiers.data?.length === 0);
  const remove = useDeleteTier();
  const money = useFormatMoney();
  // undefined: closed; null: a new tier; a tier: that tier
  const [editing, setEditing] = useState<Tier | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Tier | null>(null);

  if (!assigneeType || !assigneeOspId) return <NotFoundPage />;
  const percent = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const rows = tiers.data ?? [];
  const assigneeName = rows[0]?.assigneeName ?? name.data;

  const confirmDelete = async () => {
    if (!deleting) return;
    await remove.mutateAsync(deleting.ospId);
    notifySuccess(t('deleted'));
    setDeleting(null);
  };

  return (
    <Stack gap="md">
      <Anchor component={Link} to={paths.userFees} size="sm">
        {t('back')}
      </Anchor>
      <Group justify="space-between">
        <Stack gap={0}>
          <Title order={2} data-testid="tiers-title">
            {assigneeName ? t('tiersOf', { name: assigneeName }) : t('title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t(`types.${assigneeType}`)}
          </Text>
        </Stack>
        <Button onClick={() => setEditing(null)} disabled={!tiers.isSuccess} data-testid="add-tier">
          {t('addTier')}
        </Button>
      </Group>
      <Text size="sm">{t('explain')}</Text>
      <Card withBorder padding="md">
        {tiers.isPending ? (
          <PageLoader />
        ) : tiers.isError ? (
          <ErrorState error={tiers.error} onRetry={() => void tiers.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState message={t('noTiers')} />
        ) : (
          <Table data-testid="tiers-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('fields.eventCountFrom')}</Table.Th>
                <Table.Th>{t('fields.eventCountTo')}</Table.Th>
                <Table.Th>{t('fields.amount')}</Table.Th>
                <Table.Th>{t('fields.vatPercent')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((tier) => (
                <Table.Tr key={tier.ospId} data-testid={`tier-${tier.eventCountFrom}`}>
                  <Table.Td>{tier.eventCountFrom}</Table.Td>
                  <Table.Td>{tier.eventCountTo}</Table.Td>
                  <Table.Td>{money(tier.amount)}</Table.Td>
                  <Table.Td>{percent.format(tier.vatPercent)} %</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => setEditing(tier)}
                        aria-label={t('editRange', { from: tier.eventCountFrom, to: tier.eventCountTo })}
                      >
                        {t('edit')}
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        onClick={() => setDeleting(tier)}
                        aria-label={t('deleteRange', { from: tier.eventCountFrom, to: tier.eventCountTo })}
                      >
                        {t('delete')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
      {editing !== undefined && (
        <TierDialog
          assigneeType={assigneeType}
          assigneeOspId={assigneeOspId}
          tier={editing}
          tiers={rows}
          onClose={() => setEditing(undefined)}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('deleteTitle')}
        message={deleting ? t('deleteMessage', { from: deleting.eventCountFrom, to: deleting.eventCountTo }) : ''}
        confirmLabel={t('delete')}
        danger
        loading={remove.isPending}
        onConfirm={() => void confirmDelete().catch(() => setDeleting(null))}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
