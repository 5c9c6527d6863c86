import { ActionIcon, Badge, Button, Card, Group, Select, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { CurrencyInput } from '@/components/CurrencyInput';
import { ErrorState } from '@/components/ErrorState';
import { PageLoader } from '@/components/PageLoader';
import type { CompanyBudgetType, UsageReason } from '@/lib/api/types';
import { fromCents, toCents } from '@/lib/money';
import { notifySuccess } from '@/lib/notify';
import { useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';
import { useAddUsageReason } from '../api/addUsageReason';
import { useDeleteUsageReason } from '../api/deleteUsageReason';
import { useCompanyBudgetTypes } from '../api/getCompanyBudgetTypes';
import { useUsageReasons } from '../api/getUsageReasons';
import { useUpdateCompanyBudgetTypes } from '../api/updateCompanyBudgetTypes';
import { useUpdateUsageReason } from '../api/updateUsageReason';

/** company/settings/budgets: the budget types offered with their defaults, and usage reasons. */
export default function BudgetsSettingsTab() {
  const { ospId } = useSelectedCorporateAccount();
  if (!ospId) return <PageLoader />;
  return (
    <Stack gap="lg">
      <BudgetTypesCard corporateAccountOspId={ospId} />
      <UsageReasonsCard corporateAccountOspId={ospId} />
    </Stack>
  );
}

interface Row extends Omit<CompanyBudgetType, 'frequencyAmount'> {
  amount: string;
}

function BudgetTypesCard({ corporateAccountOspId }: { corporateAccountOspId: string }) {
  const query = useCompanyBudgetTypes(corporateAccountOspId);
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  // The form starts again from fresh server data (after a save or a refetch):
  // a new key mounts a new form with the rows as its initial state.
  return <BudgetTypesForm key={query.dataUpdatedAt} corporateAccountOspId={corporateAccountOspId} initial={query.data} />;
}

function BudgetTypesForm({ corporateAccountOspId, initial }: { corporateAccountOspId: string; initial: CompanyBudgetType[] }) {
  const { t } = useTranslation('companySettings');
  const update = useUpdateCompanyBudgetTypes();
  const [rows, setRows] = useState<Row[]>(() => initial.map((r) => ({ ...r, amount: fromCents(r.frequencyAmount) })));
  const set = (index: number, patch: Partial<Row>) => setRows(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const save = () =>
    update.mutate(
      {
        corporateAccountOspId,
        budgetTypes: rows.map(({ amount, ...r }) => ({ ...r, frequencyAmount: toCents(amount) ?? 0 })),
      },
      { onSuccess: () => notifySuccess(t('saved')) },
    );
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{t('budgetTypes.title')}</Title>
        <Button onClick={save} loading={update.isPending}>
          {t('save')}
        </Button>
      </Group>
      <Table data-testid="company-budget-types">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('budgetTypes.type')}</Table.Th>
            <Table.Th>{t('budgetTypes.enabled')}</Table.Th>
            <Table.Th>{t('budgetTypes.frequency')}</Table.Th>
            <Table.Th>{t('budgetTypes.amount')}</Table.Th>
            <Table.Th>{t('budgetTypes.unlimited')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => {
            // Each control names its row's type: "Frequentie – Mobiliteitsbudget".
            const typeName = t(`types.${row.budgetType}`, { defaultValue: row.budgetType });
            const label = (column: string) => `${t(column)} – ${typeName}`;
            return (
              <Table.Tr key={row.budgetType}>
                <Table.Td>{typeName}</Table.Td>
                <Table.Td>
                  <Switch checked={row.enabled} onChange={(e) => set(index, { enabled: e.currentTarget.checked })} aria-label={label('budgetTypes.enabled')} />
                </Table.Td>
                <Table.Td>
                  <Select
                    data={[
                      { value: 'MANUAL', label: t('frequency.MANUAL') },
                      { value: 'MONTH', label: t('frequency.MONTH') },
                      { value: 'YEAR', label: t('frequency.YEAR') },
                    ]}
                    value={row.frequency || 'MANUAL'}
                    onChange={(v) => set(index, { frequency: v === 'MANUAL' ? null : v })}
                    allowDeselect={false}
                    aria-label={label('budgetTypes.frequency')}
                    w={140}
                    comboboxProps={{ withinPortal: true }}
                  />
                </Table.Td>
                <Table.Td>
                  <CurrencyInput value={row.amount} onChange={(v) => set(index, { amount: v })} aria-label={label('budgetTypes.amount')} w={140} disabled={!row.frequency || row.unlimited} />
                </Table.Td>
                <Table.Td>
                  <Switch checked={row.unlimited} onChange={(e) => set(index, { unlimited: e.currentTarget.checked })} aria-label={label('budgetTypes.unlimited')} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

function UsageReasonsCard({ corporateAccountOspId }: { corporateAccountOspId: string }) {
  const { t } = useTranslation('companySettings');
  const query = useUsageReasons(corporateAccountOspId);
  const add = useAddUsageReason();
  const update = useUpdateUsageReason();
  const remove = useDeleteUsageReason();
  const [label, setLabel] = useState('');
  const [editing, setEditing] = useState<{ ospId: string; label: string } | null>(null);
  const [deleting, setDeleting] = useState<UsageReason | null>(null);
  return (
    <Card withBorder padding="md">
      <Title order={4} mb="sm">
        {t('usageReasons.title')}
      </Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!label.trim()) return;
          add.mutate({ corporateAccountOspId, label: label.trim() }, { onSuccess: () => setLabel('') });
        }}
      >
        <Group align="flex-end" mb="md">
          <TextInput label={t('usageReasons.new')} value={label} onChange={(e) => setLabel(e.currentTarget.value)} w={320} maxLength={140} />
          <Button type="submit" variant="light" loading={add.isPending} disabled={!label.trim()}>
            {t('usageReasons.add')}
          </Button>
        </Group>
      </form>
      {query.isPending ? (
        <PageLoader />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('usageReasons.empty')}
        </Text>
      ) : (
        <Table data-testid="usage-reasons">
          <Table.Tbody>
            {query.data.map((reason) => (
              <Table.Tr key={reason.ospId}>
                <Table.Td>
                  {editing?.ospId === reason.ospId ? (
                    <form
                      onSubmit={(e) => {
                        e.preventDefault();
                        update.mutate({ ospId: reason.ospId, label: editing.label.trim(), active: reason.active }, { onSuccess: () => setEditing(null) });
                      }}
                    >
                      <Group gap="xs">
                        <TextInput size="xs" value={editing.label} onChange={(e) => setEditing({ ...editing, label: e.currentTarget.value })} maxLength={140} />
                        <Button size="xs" type="submit" loading={update.isPending}>
                          {t('save')}
                        </Button>
                      </Group>
                    </form>
                  ) : (
                    reason.label
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge color={reason.active ? 'green' : 'gray'} variant="light">
                    {reason.active ? t('usageReasons.active') : t('usageReasons.inactive')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end">
                    <Button size="xs" variant="subtle" onClick={() => update.mutate({ ospId: reason.ospId, label: reason.label, active: !reason.active })}>
                      {reason.active ? t('usageReasons.deactivate') : t('usageReasons.activate')}
                    </Button>
                    <ActionIcon variant="subtle" aria-label={t('usageReasons.edit')} onClick={() => setEditing({ ospId: reason.ospId, label: reason.label })}>
                      <IconPencil size={16} />
                    </ActionIcon>
                    <ActionIcon variant="subtle" color="red" aria-label={t('usageReasons.delete')} onClick={() => setDeleting(reason)}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('usageReasons.delete')}
        message={t('usageReasons.confirmDelete', { label: deleting?.label ?? '' })}
        confirmLabel={t('usageReasons.delete')}
        danger
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.ospId, { onSuccess: () => setDeleting(null) })}
      />
    </Card>
  );
}
