import { Badge, Button, Card, Group, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { PagedList } from '@/components/list/PagedList';
import { effectiveSearch, useListParams } from '@/components/list/listState';
import type { Column } from '@/components/PagedTable';
import type { CorporateAccount } from '@/lib/api/types';
import { DEFAULT_PAGE_SIZE, SEARCH_MIN_CHARS } from '@/lib/constants';
import { namedRoutes, paths } from '@/lib/routes';
import { useCurrentUser } from '@/lib/session/currentUser';
import { selectCorporateAccount } from '@/lib/session/selection';
import { useFindCorporateAccounts, type CorporateAccountFilter } from '../api/findCorporateAccounts';
import { usePartners } from '../api/getPartners';

const STATUSES = ['active', 'inactive', 'all'] as const;
type Status = (typeof STATUSES)[number];

/** The list's own filters, in the URL beside page, sort and search. */
function useCompanyFilters() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status: Status = STATUSES.includes(raw as Status) ? (raw as Status) : 'active';
  const partner = params.get('partner') ?? '';
  const update = (key: string, value: string | null) =>
    setParams(
      (current) => {
        if (value) current.set(key, value);
        else current.delete(key);
        current.delete('page');
        return current;
      },
      { replace: true },
    );
  return {
    status,
    partner,
    setStatus: (next: Status) => update('status', next === 'active' ? null : next),
    setPartner: (next: string | null) => update('partner', next),
  };
}

/** corporate-accounts (MSP only): the partner's companies, paged and sorted by the server. */
export default function CorporateAccountsPage() {
  const { t } = useTranslation('companies');
  const { data: user } = useCurrentUser();
  const platformStaff = Boolean(user?.isOspAdmin);
  const list = useListParams({ property: 'name', direction: 'ASC' });
  const filters = useCompanyFilters();
  const partners = usePartners(platformStaff);
  const term = effectiveSearch(list.search);
  const tooShort = list.search.trim().length > 0 && !term;

  const filter: CorporateAccountFilter = {
    ...(filters.status === 'all' ? {} : { active: filters.status === 'active' }),
    ...(platformStaff && filters.partner ? { partnerOspId: filters.partner } : {}),
    ...(term ? { nameOrExtIdLike: term } : {}),
    pagination: { page: list.page, size: DEFAULT_PAGE_SIZE, sortOrders: list.sort ? [list.sort] : [] },
  };
  const query = useFindCorporateAccounts(filter);
  const partnerNames = new Map((partners.data ?? []).map((p) => [p.ospId, p.name]));

  const columns: Column<CorporateAccount>[] = [
    { key: 'name', header: t('fields.name'), sortProperty: 'name', render: (c) => c.name },
    { key: 'extId', header: t('fields.extId'), sortProperty: 'extId', render: (c) => c.extId },
    {
      key: 'companyType',
      header: t('fields.companyType'),
      render: (c) => t(`companyType.${c.companyType}`, { defaultValue: c.companyType }),
    },
    { key: 'city', header: t('fields.city'), render: (c) => c.city },
    ...(platformStaff
      ? [
          {
            key: 'partner',
            header: t('fields.partner'),
            render: (c: CorporateAccount) => partnerNames.get(c.partner.ospId) ?? c.partner.ospId,
          },
        ]
      : []),
    {
      key: 'status',
      header: t('fields.status'),
      render: (c) => (
        <Badge color={c.active ? 'green' : 'gray'} variant="light">
          {c.active ? t('status.active') : t('status.inactive')}
        </Badge>
      ),
    },
  ];

  const toolbar = (
    <>
      <SegmentedControl
        aria-label={t('list.statusFilter')}
        value={filters.status}
        onChange={(value) => filters.setStatus(value as Status)}
        data={STATUSES.map((s) => ({ value: s, label: t(`list.status.${s}`) }))}
        data-testid="companies-status-filter"
      />
      {platformStaff && (
        <Select
          label={t('fields.partner')}
          placeholder={t('list.allPartners')}
          data={(partners.data ?? []).map((p) => ({ value: p.ospId, label: p.name }))}
          value={filters.partner || null}
          onChange={filters.setPartner}
          clearable
          searchable
          w={260}
          data-testid="companies-partner-filter"
        />
      )}
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="search-too-short">
        {tooShort ? t('list.minChars', { min: SEARCH_MIN_CHARS }) : ''}
      </Text>
    </>
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>{t('list.title')}</Title>
        <Button component={Link} to={paths.addCorporateAccount} data-testid="add-corporate-account">
          {t('list.add')}
        </Button>
      </Group>
      <Card withBorder padding="md">
          <PagedList
            testId="corporate-accounts-table"
            query={query}
            list={list}
            sortable
            columns={columns}
            rowKey={(c) => c.ospId}
            rowHref={(c) => namedRoutes.CompanyDetails(c.ospId)}
            onRowOpen={(c) => selectCorporateAccount(c.ospId)}
            emptyMessage={term ? t('list.noMatches') : t('list.empty')}
            search={{ label: t('list.search'), placeholder: t('list.searchPlaceholder'), testId: 'corporate-accounts-search' }}
            toolbar={toolbar}
          />
      </Card>
    </Stack>
  );
}
