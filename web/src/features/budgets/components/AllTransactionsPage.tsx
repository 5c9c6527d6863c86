import { Button, Card, Group, MultiSelect, Select, Stack, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/DateField';
import { useListState } from '@/components/list/listState';
import type { TransactionFilter } from '@/lib/api/types';
import { DEFAULT_PAGE_SIZE, SEARCH_DEBOUNCE_MS, TRANSACTION_TYPES, USER_BUDGET_TYPES } from '@/lib/constants';
import { useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';
import { useDownloadTransactions } from '../api/downloadTransactions';
import { useUserOptions } from '../api/findUserOptions';
import { useTransactions } from '../api/getTransactions';
import { TransactionsTable } from './TransactionsTable';

/** finance/all-transactions: the ledger of the company (or all, for platform admins), filtered and paged. */
export default function AllTransactionsPage() {
  const { t } = useTranslation('budgets');
  const { ospId: corporateAccountOspId } = useSelectedCorporateAccount();
  const [userOspId, setUserOspId] = useState<string | null>(null);
  const [userSearch, setUserSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(userSearch.trim(), SEARCH_DEBOUNCE_MS);
  const [budgetType, setBudgetType] = useState<string | null>(null);
  const [types, setTypes] = useState<string[]>([]);
  const [dateFrom, setDateFrom] = useState('');
  const [dateTo, setDateTo] = useState('');
  const list = useListState();
  const today = dayjs().endOf('day').toDate();
  const users = useUserOptions(debouncedSearch, corporateAccountOspId);
  const download = useDownloadTransactions();

  const filter = useMemo<TransactionFilter>(
    () => ({
      corporateAccountOspId: corporateAccountOspId ?? undefined,
      userOspId: userOspId ?? undefined,
      types: types.length ? types : undefined,
      budgetType: budgetType ?? undefined,
      dateFrom: dateFrom || undefined,
      dateTo: dateTo || undefined,
      pagination: { page: list.page, size: DEFAULT_PAGE_SIZE },
    }),
    [corporateAccountOspId, userOspId, types, budgetType, dateFrom, dateTo, list.page],
  );
  const query = useTransactions(filter);
  const shown = query.data;
  const reset = <T,>(set: (v: T) => void) => (value: T) => {
    set(value);
    list.setPage(1);
  };

  const userData = (users.data?.content ?? []).map((u) => ({ value: u.ospId, label: `${u.fullName} (${u.login})` }));

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>{t('all.title')}</Title>
        <Button
          onClick={() =>
            download.mutate({
              filter: { ...filter, pagination: { page: 1, size: DEFAULT_PAGE_SIZE } },
              messages: { started: t('download.started'), long: t('download.long') },
            })
          }
          loading={download.isPending}
          data-testid="download-xlsx"
        >
          {t('download.button')}
        </Button>
      </Group>
      <Card withBorder padding="md">
        <Stack gap="md">
          <Group align="flex-end" gap="md">
            <Select
              label={t('filters.user')}
              placeholder={t('filters.userPlaceholder')}
              searchable
              clearable
              data={userData}
              value={userOspId}
              onChange={reset(setUserOspId)}
              searchValue={userSearch}
              onSearchChange={setUserSearch}
              filter={({ options }) => options}
              nothingFoundMessage={debouncedSearch.length >= 3 ? t('filters.noUsers') : t('filters.typeMore')}
              w={280}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label={t('filters.budgetType')}
              clearable
              data={USER_BUDGET_TYPES.concat().map((v) => ({ value: v, label: t(`types.${v}`) }))}
              value={budgetType}
              onChange={reset(setBudgetType)}
              w={220}
              comboboxProps={{ withinPortal: true }}
            />
            <MultiSelect
              label={t('filters.types')}
              clearable
              data={TRANSACTION_TYPES.map((v) => ({ value: v, label: t(`txType.${v}`) }))}
              value={types}
              onChange={reset(setTypes)}
              w={300}
              comboboxProps={{ withinPortal: true }}
            />
            <DateField label={t('filters.dateFrom')} value={dateFrom} onChange={reset(setDateFrom)} maxDate={today} w={160} />
            <DateField
              label={t('filters.dateTo')}
              value={dateTo}
              onChange={reset(setDateTo)}
              maxDate={today}
              minDate={dateFrom ? dayjs(dateFrom).toDate() : undefined}
              w={160}
            />
          </Group>
          <TransactionsTable query={{ ...query, data: shown }} list={list} testId="all-transactions" />
        </Stack>
      </Card>
    </Stack>
  );
}
