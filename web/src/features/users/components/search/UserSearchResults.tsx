import { IconTicket } from '@tabler/icons-react';
import { Group, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { ErrorState } from '@/components/ErrorState';
import { PageLoader } from '@/components/PageLoader';
import { PagedTable, type Column } from '@/components/PagedTable';
import type { UserSearchPage, UserSearchResult } from '@/lib/api/types';
import { formatPhone } from '@/lib/phone';
import { TypeIcon } from './TypeIcon';

const VOUCHER_CODE = 'VOUCHER_CODE';

interface Props {
  query: UseQueryResult<UserSearchPage>;
  /** Where a result leads. */
  resultHref: (result: UserSearchResult) => string;
  /** Runs as a result is opened, before the navigation. */
  onOpen?: (result: UserSearchResult) => void;
}

/** The search's one page of results; each row is a link to the user. */
export function UserSearchResults({ query, resultHref, onOpen }: Props) {
  const { t } = useTranslation('users');
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;

  const columns: Column<UserSearchResult>[] = [
    { key: 'type', header: t('columns.type'), hideHeader: true, width: 40, render: (r) => <TypeIcon type={r.type} /> },
    {
      key: 'name',
      header: t('columns.name'),
      rowLink: true,
      render: (r) => (
        <Group gap={4} component="span">
          {r.fullname}
          {!r.active && (
            <Text span size="xs" c="dimmed">
              ({t('status.inactive')})
            </Text>
          )}
        </Group>
      ),
    },
    { key: 'login', header: t('columns.login'), render: (r) => r.login },
    { key: 'email', header: t('columns.email'), render: (r) => r.email },
    { key: 'company', header: t('columns.company'), render: (r) => r.corporateAccountName },
    { key: 'phone', header: t('columns.phone'), render: (r) => formatPhone(r.msisdn) },
    {
      key: 'voucher',
      header: t('search.voucher'),
      hideHeader: true,
      width: 40,
      render: (r) =>
        r.searchMatchedOn.includes(VOUCHER_CODE) && (
          <Tooltip label={t('search.voucher')}>
            <ThemeIcon variant="light" color="grape" size="sm" role="img" aria-label={t('search.voucher')} data-testid="voucher-match">
              <IconTicket size={14} aria-hidden />
            </ThemeIcon>
          </Tooltip>
        ),
    },
  ];

  if (query.data.content.length === 0) return <EmptyState message={t('search.noResults')} />;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t(query.data.moreThanTotal ? 'search.countMore' : 'search.count', { count: query.data.totalElements })}
      </Text>
      <PagedTable
        testId="user-search-results"
        columns={columns}
        rows={query.data.content}
        rowKey={(r) => r.ospId}
        isLoading={false}
        emptyMessage={t('search.noResults')}
        rowHref={resultHref}
        onRowOpen={onOpen}
      />
    </Stack>
  );
}
