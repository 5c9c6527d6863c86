import { Badge, Button, Card, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { PagedTable, type Column } from '@/components/PagedTable';
import { DEFAULT_PAGE_SIZE } from '@/lib/constants';
import { namedRoutes, paths } from '@/lib/routes';
import { usePartners } from '../api/getPartners';
import { PARTNER_TYPES, type Partner } from '../api/types';
import { filterPartners, type ActiveFilter } from './filterPartners';

/** How many rows a page of the (client-side) partner list shows. */
export const PARTNERS_PAGE_SIZE = DEFAULT_PAGE_SIZE * 2;

/** partners: every partner (partner/getAll), filtered by state on the server and by type and name here. */
export default function PartnersPage() {
  const { t } = useTranslation('partners');
  // The filters live in the URL: back from a partner returns to the same list.
  const [params, setParams] = useSearchParams();
  const stateParam = params.get('state');
  const state: ActiveFilter = stateParam === 'inactive' || stateParam === 'all' ? stateParam : 'active';
  const type = params.get('type') ?? '';
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = usePartners(state === 'all' ? {} : { active: state === 'active' });

  const setParam = (name: string, value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(name, value);
        else next.delete(name);
        if (name !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );

  const rows = useMemo(() => filterPartners(query.data ?? [], { type, search }), [query.data, type, search]);
  const totalPages = Math.max(1, Math.ceil(rows.length / PARTNERS_PAGE_SIZE));
  const shown = query.data ? rows.slice((page - 1) * PARTNERS_PAGE_SIZE, page * PARTNERS_PAGE_SIZE) : undefined;

  const columns: Column<Partner>[] = [
    { key: 'name', header: t('columns.name'), render: (p) => p.name },
    { key: 'type', header: t('columns.type'), render: (p) => t(`types.${p.partnerType}`, { defaultValue: p.partnerType }) },
    { key: 'extId', header: t('columns.extId'), render: (p) => p.extId },
    {
      key: 'active',
      header: t('columns.active'),
      render: (p) => (
        <Badge color={p.active ? 'green' : 'gray'} variant="light">
          {p.active ? t('active') : t('inactive')}
        </Badge>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>{t('title')}</Title>
        <Button component={Link} to={paths.addPartner} data-testid="add-partner">
          {t('add.action')}
        </Button>
      </Group>
      <Card withBorder padding="md">
        <Stack gap="md">
          <Group align="flex-end" gap="lg">
            <TextInput
              label={t('search')}
              value={search}
              onChange={(event) => setParam('search', event.currentTarget.value)}
              w={280}
              data-testid="partner-search"
            />
            <Select
              label={t('columns.type')}
              placeholder={t('allTypes')}
              data={PARTNER_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
              value={type || null}
              onChange={(value) => setParam('type', value ?? '')}
              clearable
              w={220}
              data-testid="partner-type-filter"
            />
            <Select
              label={t('stateFilter')}
              data={[
                { value: 'active', label: t('states.active') },
                { value: 'inactive', label: t('states.inactive') },
                { value: 'all', label: t('states.all') },
              ]}
              value={state}
              onChange={(value) => setParam('state', !value || value === 'active' ? '' : value)}
              allowDeselect={false}
              w={180}
              data-testid="partner-state"
            />
          </Group>
          <PagedTable
            testId="partners-table"
            columns={columns}
            rows={shown}
            rowKey={(p) => p.ospId}
            rowHref={(p) => namedRoutes.Partner(p.ospId)}
            isLoading={query.isPending}
            isFetching={query.isFetching}
            error={query.error}
            onRetry={() => void query.refetch()}
            emptyMessage={search || type ? t('emptyFiltered') : t('empty')}
            page={Math.min(page, totalPages)}
            totalPages={totalPages}
            totalElements={rows.length}
            onPageChange={(next) => setParam('page', next > 1 ? String(next) : '')}
          />
        </Stack>
      </Card>
    </Stack>
  );
}
