import { Anchor, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { PagedTable, type Column } from '@/components/PagedTable';
import { PageLoader } from '@/components/PageLoader';
import { namedRoutes } from '@/lib/routes';
import { useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';
import { useCompanyProducts } from '../api/getCompanyProducts';
import type { CompanyProduct } from '../api/types';

/** The list is answered whole; it is paged here. */
export const PAGE_SIZE = 20;

function matches(product: CompanyProduct, needle: string): boolean {
  const text = [product.label, product.extId, ...product.userGroups.map((g) => g.name)].join(' ').toLowerCase();
  return text.includes(needle);
}

/**
 * company/products/list: the products the company offers and, for each,
 * the user groups that may use it (a group opens on its products tab) and
 * how many employees have it as default product.
 */
export default function ProductsListTab() {
  const { t } = useTranslation('companyProducts');
  const location = useLocation();
  const { ospId } = useSelectedCorporateAccount();
  const query = useCompanyProducts(ospId);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const needle = search.trim().toLowerCase();
  const rows = useMemo(
    () => (needle ? query.data?.products.filter((p) => matches(p, needle)) : query.data?.products),
    [query.data, needle],
  );

  if (!ospId) return <PageLoader />;

  const totalPages = Math.max(1, Math.ceil((rows?.length ?? 0) / PAGE_SIZE));
  const current = Math.min(page, totalPages);
  const columns: Column<CompanyProduct>[] = [
    {
      key: 'product',
      header: t('columns.product'),
      render: (p) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {p.label}
          </Text>
          {p.extId && (
            <Text size="xs" c="dimmed">
              {p.extId}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'groups',
      header: t('columns.groups'),
      render: (p) =>
        p.userGroups.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('noGroups')}
          </Text>
        ) : (
          <Group gap="xs">
            {p.userGroups.map((g) => (
              <Anchor
                key={g.ospId}
                component={Link}
                to={{ pathname: namedRoutes.UserGroupTab(g.ospId, 'products'), search: location.search }}
                size="sm"
                c={g.active ? undefined : 'dimmed'}
              >
                {g.active ? g.name : t('inactiveGroup', { name: g.name })}
              </Anchor>
            ))}
          </Group>
        ),
    },
    {
      key: 'defaults',
      header: t('columns.defaultUsers'),
      width: 160,
      render: (p) => <Text size="sm">{p.defaultUserCount}</Text>,
    },
  ];

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('intro')}
        </Text>
        <TextInput
          label={t('search')}
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          maw={360}
          data-testid="company-products-search"
        />
        <PagedTable
          testId="company-products-table"
          columns={columns}
          rows={rows?.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE)}
          rowKey={(p) => p.ospId}
          isLoading={query.isPending}
          error={query.error}
          onRetry={() => void query.refetch()}
          emptyMessage={needle ? t('noMatches') : t('empty')}
          page={current}
          totalPages={totalPages}
          totalElements={rows?.length ?? 0}
          onPageChange={setPage}
        />
      </Stack>
    </Card>
  );
}
