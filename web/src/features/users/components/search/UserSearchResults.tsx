import { IconTicket } from '@tabler/icons-react';
import { Group, Table, Text, ThemeIcon, Tooltip } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { ErrorState } from '@/components/ErrorState';
import { PageLoader } from '@/components/PageLoader';
import type { UserSearchPage, UserSearchResult } from '@/lib/api/types';
import { formatPhone } from '@/lib/phone';
import { TypeIcon } from './TypeIcon';

const VOUCHER_CODE = 'VOUCHER_CODE';

interface Props {
  query: UseQueryResult<UserSearchPage>;
  onOpen: (result: UserSearchResult) => void;
}

export function UserSearchResults({ query, onOpen }: Props) {
  const { t } = useTranslation('users');
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.content.length === 0) return <EmptyState message={t('search.noResults')} />;

  return (
    <>
      <Text size="sm" c="dimmed">
        {t('search.count', { count: query.data.totalElements })}
      </Text>
      <Table.ScrollContainer minWidth={700}>
        <Table highlightOnHover data-testid="user-search-results">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40} aria-label={t('columns.type')} />
              <Table.Th>{t('columns.name')}</Table.Th>
              <Table.Th>{t('columns.login')}</Table.Th>
              <Table.Th>{t('columns.email')}</Table.Th>
              <Table.Th>{t('columns.company')}</Table.Th>
              <Table.Th>{t('columns.phone')}</Table.Th>
              <Table.Th w={40} aria-label={t('search.voucher')} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.content.map((result) => (
              <Table.Tr key={result.ospId} onClick={() => onOpen(result)} style={{ cursor: 'pointer' }}>
                <Table.Td>
                  <TypeIcon type={result.type} />
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {result.fullname}
                    {!result.active && (
                      <Text span size="xs" c="dimmed">
                        ({t('status.inactive')})
                      </Text>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{result.login}</Table.Td>
                <Table.Td>{result.email}</Table.Td>
                <Table.Td>{result.corporateAccountName}</Table.Td>
                <Table.Td>{formatPhone(result.msisdn)}</Table.Td>
                <Table.Td>
                  {result.searchMatchedOn.includes(VOUCHER_CODE) && (
                    <Tooltip label={t('search.voucher')}>
                      <ThemeIcon variant="light" color="grape" size="sm" aria-label={t('search.voucher')} data-testid="voucher-match">
                        <IconTicket size={14} aria-hidden />
                      </ThemeIcon>
                    </Tooltip>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
