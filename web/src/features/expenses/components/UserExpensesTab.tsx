import { Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { Money } from '@/components/Money';
import { PagedList } from '@/components/list/PagedList';
import { useListParams } from '@/components/list/listState';
import type { Column } from '@/components/PagedTable';
import type { ExpenseEvent, RecurringExpense } from '@/lib/api/types';
import { DEFAULT_PAGE_SIZE } from '@/lib/constants';
import { formatDate } from '@/lib/format';
import { namedRoutes } from '@/lib/routes';
import { useExpenses } from '../api/getExpenses';
import { useRecurringByUser } from '../api/findRecurringByUser';
import { DeleteRecurringDialog } from './DeleteRecurringDialog';

/** manage/app-users/{userOspId}/expenses: paged expenses with net amounts, and recurring ones. */
export default function UserExpensesTab() {
  const { t } = useTranslation('expenses');
  const { userOspId = '' } = useParams();
  const list = useListParams();
  const query = useExpenses({ userOspId, pagination: { page: list.page, size: DEFAULT_PAGE_SIZE } });
  const columns: Column<ExpenseEvent>[] = [
    { key: 'date', header: t('fields.date'), render: (e) => formatDate(e.date) },
    { key: 'description', header: t('fields.description'), render: (e) => e.description },
    { key: 'budget', header: t('fields.budget'), render: (e) => t(`budgetTypes.${e.budgetType}`, { defaultValue: e.budgetType }) },
    { key: 'mode', header: t('fields.mobilityMode'), render: (e) => t(`modes.${e.mobilityMode}`, { defaultValue: e.mobilityMode }) },
    // the resource's MRP partner, or the provider whose file or invoice booked it
    { key: 'provider', header: t('fields.provider'), render: (e) => e.providerName ?? '—' },
    { key: 'amount', header: t('fields.amount'), render: (e) => <Money cents={e.amount} /> },
    { key: 'net', header: t('fields.netAmount'), render: (e) => <Money cents={e.netAmount} fw={600} /> },
  ];
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3}>{t('tab.title')}</Title>
        <Button component={Link} to={namedRoutes.AddExpense(userOspId)} data-testid="add-expense">
          {t('tab.add')}
        </Button>
      </Group>
      <Card withBorder padding="md">
        <PagedList
          testId="user-expenses"
          query={query}
          list={list}
          columns={columns}
          rowKey={(e) => e.ospId}
          rowHref={(e) => namedRoutes.UserExpense(userOspId, e.ospId)}
          emptyMessage={t('tab.empty')}
        />
      </Card>
      <RecurringList userOspId={userOspId} />
    </Stack>
  );
}

function RecurringList({ userOspId }: { userOspId: string }) {
  const { t } = useTranslation('expenses');
  const recurring = useRecurringByUser(userOspId);
  const [deleting, setDeleting] = useState<RecurringExpense | null>(null);
  const list = (recurring.data ?? []).filter((r) => !r.deleted);
  return (
    <Card withBorder padding="md">
      <Title order={4} mb="sm">
        {t('recurring.title')}
      </Title>
      {list.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('recurring.empty')}
        </Text>
      ) : (
        <Table data-testid="recurring-expenses">
          <Table.Tbody>
            {list.map((r) => (
              <Table.Tr key={r.ospId}>
                <Table.Td>
                  <Link to={namedRoutes.RecurringExpense(r.ospId)}>{r.description}</Link>
                </Table.Td>
                <Table.Td>
                  <Money cents={r.amount} /> / {t(`per.${r.frequency}`)}
                </Table.Td>
                <Table.Td>{r.nextOccurrence ? t('recurring.next', { date: formatDate(r.nextOccurrence) }) : t('recurring.over')}</Table.Td>
                <Table.Td>
                  {r.nextOccurrence && (
                    <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(r)}>
                      {t('recurring.delete')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {deleting && <DeleteRecurringDialog recurring={deleting} onClose={() => setDeleting(null)} />}
    </Card>
  );
}
