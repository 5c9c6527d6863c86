import { Anchor, Card, Stack, Table, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState } from '@/components/EmptyState';
import { ErrorState } from '@/components/ErrorState';
import { useFormatMoney } from '@/components/Money';
import { PageLoader } from '@/components/PageLoader';
import { namedRoutes } from '@/lib/routes';
import { routeTypeOf, useTiers, type AssigneeType, type Tier } from '../api/userFees';
import { AssigneePicker } from './AssigneePicker';

/** One partner or company with tiers, as the overview shows it. */
interface AssigneeRow {
  type: AssigneeType;
  ospId: string;
  name: string;
  tiers: number;
  lowest: number;
  highest: number;
}

/** Groups the tiers by assignee, ordered by name. */
export function assigneeRows(tiers: readonly Tier[]): AssigneeRow[] {
  const rows = new Map<string, AssigneeRow>();
  for (const tier of tiers) {
    const key = `${tier.assigneeType}:${tier.assigneeOspId}`;
    const row = rows.get(key);
    if (row) {
      row.tiers += 1;
      row.lowest = Math.min(row.lowest, tier.amount);
      row.highest = Math.max(row.highest, tier.amount);
    } else {
      rows.set(key, {
        type: tier.assigneeType,
        ospId: tier.assigneeOspId,
        name: tier.assigneeName,
        tiers: 1,
        lowest: tier.amount,
        highest: tier.amount,
      });
    }
  }
  return [...rows.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * user-fee (SPEC §2, platform staff): the partners and companies with user
 * fee tiers, searchable by name, and a way to open anyone's tiers.
 */
export default function UserFeesPage() {
  const { t } = useTranslation('userFees');
  const tiers = useTiers();
  const money = useFormatMoney();
  const [search, setSearch] = useState('');
  const all = useMemo(() => assigneeRows(tiers.data ?? []), [tiers.data]);
  const term = search.trim().toLowerCase();
  const rows = term ? all.filter((r) => r.name.toLowerCase().includes(term)) : all;

  return (
    <Stack gap="md">
      <Title order={2}>{t('title')}</Title>
      <Card withBorder padding="md">
        <AssigneePicker />
      </Card>
      <Card withBorder padding="md">
        <Stack gap="md">
          <TextInput
            label={t('search')}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            maw={360}
            data-testid="user-fee-search"
          />
          {tiers.isPending ? (
            <PageLoader />
          ) : tiers.isError ? (
            <ErrorState error={tiers.error} onRetry={() => void tiers.refetch()} />
          ) : rows.length === 0 ? (
            <EmptyState message={term ? t('noMatches') : t('empty')} />
          ) : (
            <Table data-testid="user-fees-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('columns.name')}</Table.Th>
                  <Table.Th>{t('columns.type')}</Table.Th>
                  <Table.Th>{t('columns.tiers')}</Table.Th>
                  <Table.Th>{t('columns.lowest')}</Table.Th>
                  <Table.Th>{t('columns.highest')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={`${row.type}:${row.ospId}`}>
                    <Table.Td>
                      <Anchor component={Link} to={namedRoutes.UserFeeTiers(routeTypeOf(row.type), row.ospId)}>
                        {row.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{t(`types.${row.type}`)}</Table.Td>
                    <Table.Td>{row.tiers}</Table.Td>
                    <Table.Td>{money(row.lowest)}</Table.Td>
                    <Table.Td>{money(row.highest)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
