import { Badge, Button, Card, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PagedList } from '@/components/list/PagedList';
import { effectiveSearch, useListParams } from '@/components/list/listState';
import type { Column, Sort } from '@/components/PagedTable';
import { DEFAULT_PAGE_SIZE, SEARCH_MIN_CHARS } from '@/lib/constants';
import { namedRoutes } from '@/lib/routes';
import { useDeleteResource, useResources, useSetResourceActive } from '../api/resources';
import { activeOf, type AnyResource, type Kind, type KindFilter } from '../api/types';
import { byOspId, statusColumns, useStatusActions } from './confirm';
import { ResourceFilters, useFilterParams, useModeLabel } from './filters';
import { tabOf } from './kinds';
import { ResourceIcon } from './ResourceIcon';

const DEFAULT_SORT: Sort = { property: 'name', direction: 'ASC' };

/** What a kind's list shows besides the columns every kind has. */
function kindColumns(kind: Kind, t: (key: string) => string): Column<AnyResource>[] {
  const located: Column<AnyResource> = { key: 'city', header: t('fields.city'), render: (r) => ('address' in r ? r.address.city : '') };
  switch (kind) {
    case 'service':
      return [];
    case 'parking':
    case 'bike':
      return [located, { key: 'capacity', header: t(`fields.capacity.${kind}`), render: (r) => ('capacity' in r ? (r.capacity ?? '') : '') }];
    case 'rental':
      return [located, { key: 'carCategory', header: t('fields.carCategory'), render: (r) => ('carCategory' in r ? t(`carCategories.${r.carCategory}`) : '') }];
    case 'gasstation':
      return [located, { key: 'pumps', header: t('fields.numberOfPumps'), render: (r) => ('numberOfPumps' in r ? r.numberOfPumps : '') }];
    default:
      return [located];
  }
}

/**
 * resource management/{tab}: one kind's resources, searched and filtered
 * on the server (MRP partner, mobility mode, active), paged and sorted;
 * a row opens {tab}/{ospId}; activate, deactivate and delete after a
 * confirmation.
 */
export default function ResourceListTab({ kind }: { kind: Kind }) {
  const { t } = useTranslation('resources');
  const tab = tabOf(kind);
  const list = useListParams<Sort>(DEFAULT_SORT);
  const filters = useFilterParams();
  const modeLabel = useModeLabel();
  // The server searches from 3 characters on; a shorter term leaves the list unfiltered.
  const search = effectiveSearch(list.search);
  const filter: KindFilter = {
    search,
    mrpPartnerOspId: filters.partner || undefined,
    mobilityMode: (filters.mode || undefined) as KindFilter['mobilityMode'],
    active: activeOf(filters.state),
    pagination: { page: list.page, size: DEFAULT_PAGE_SIZE, sortOrders: [list.sort] },
  };
  const query = useResources(kind, filter);
  const setActive = useSetResourceActive();
  const remove = useDeleteResource();
  const actions = useStatusActions('resource');
  const calls = byOspId<AnyResource>(
    (r) => r,
    (variables) => setActive.mutateAsync({ kind, ...variables }),
    (variables) => remove.mutateAsync({ kind, ...variables }),
  );
  const filtered = Boolean(search || filters.partner || filters.mode || filters.state);

  const columns: Column<AnyResource>[] = [
    ...(kind === 'service'
      ? [
          {
            key: 'icon',
            header: t('fields.icon'),
            hideHeader: true,
            width: 40,
            render: (r: AnyResource) =>
              'icon' in r && r.icon ? <ResourceIcon ospId={r.ospId} version={r.icon.version} alt="" /> : null,
          },
        ]
      : []),
    { key: 'name', header: t('fields.name'), sortProperty: 'name', rowLink: true, render: (r) => r.name },
    { key: 'extId', header: t('fields.extId'), sortProperty: 'extId', render: (r) => r.extId },
    { key: 'partner', header: t('fields.mrpPartner'), render: (r) => r.mrpPartner.name },
    { key: 'mode', header: t('fields.mobilityMode'), render: (r) => modeLabel(r.mobilityMode) },
    ...kindColumns(kind, t),
    {
      key: 'labels',
      header: t('fields.labels'),
      width: 180,
      render: (r) => (
        <Group gap={4}>
          {r.labels.map((label) => (
            <Badge key={label.ospId} size="sm" variant="light" tt="none">
              {label.text}
            </Badge>
          ))}
        </Group>
      ),
    },
    ...statusColumns<AnyResource>(t, actions, calls, { sortable: true }),
  ];

  return (
    <Card withBorder padding="md">
      <PagedList
        testId={`resources-${tab}`}
        query={query}
        list={list}
        sortable
        columns={columns}
        rowKey={(r) => r.ospId}
        rowHref={(r) => namedRoutes.ResourceEdit(tab, r.ospId)}
        emptyMessage={filtered ? t('list.noMatches') : t(`list.empty.${kind}`)}
        search={{ label: t('list.search'), placeholder: t('minChars', { min: SEARCH_MIN_CHARS }), testId: 'resource-search' }}
        toolbar={
          <>
            <ResourceFilters filters={filters} />
            <Button component={Link} to={namedRoutes.ResourceEdit(tab)} ml="auto" data-testid="add-resource">
              {t(`add.${kind}`)}
            </Button>
          </>
        }
      />
      {actions.dialog}
    </Card>
  );
}
