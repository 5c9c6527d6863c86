import { Button, Card } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PagedList } from '@/components/list/PagedList';
import { useListParams } from '@/components/list/listState';
import type { Column } from '@/components/PagedTable';
import { DEFAULT_PAGE_SIZE } from '@/lib/constants';
import { namedRoutes } from '@/lib/routes';
import { useDeleteGroup, useGroups, useSetGroupActive } from '../../api/groups';
import { activeOf, type ResourceGroup } from '../../api/types';
import { byOspId, statusColumns, useStatusActions } from '../confirm';
import { StateFilter, useFilterParams } from '../filters';

/** resource-groups: the groups products are composed of; a row opens resource-groups/{ospId}. */
export default function ResourceGroupsTab() {
  const { t } = useTranslation('resources');
  const list = useListParams();
  const filters = useFilterParams();
  const query = useGroups({
    search: list.search || undefined,
    active: activeOf(filters.state),
    pagination: { page: list.page, size: DEFAULT_PAGE_SIZE },
  });
  const setActive = useSetGroupActive();
  const remove = useDeleteGroup();
  const actions = useStatusActions('group');

  const columns: Column<ResourceGroup>[] = [
    { key: 'name', header: t('fields.name'), render: (g) => g.name },
    { key: 'description', header: t('fields.description'), render: (g) => g.description },
    {
      key: 'members',
      header: t('groups.members'),
      render: (g) => t('groups.memberCount', { active: g.activeResourceCount, count: g.resourceCount }),
    },
    ...statusColumns(t, actions, byOspId<ResourceGroup>((g) => g, setActive.mutateAsync, remove.mutateAsync)),
  ];

  return (
    <Card withBorder padding="md">
      <PagedList
        testId="resources-resource-groups"
        query={query}
        list={list}
        columns={columns}
        rowKey={(g) => g.ospId}
        rowHref={(g) => namedRoutes.ResourceEdit('resource-groups', g.ospId)}
        emptyMessage={list.search || filters.state ? t('list.noMatches') : t('groups.empty')}
        search={{ label: t('groups.search'), testId: 'group-search' }}
        toolbar={
          <>
            <StateFilter filters={filters} />
            <Button component={Link} to={namedRoutes.ResourceEdit('resource-groups')} ml="auto" data-testid="add-group">
              {t('groups.add')}
            </Button>
          </>
        }
      />
      {actions.dialog}
    </Card>
  );
}
