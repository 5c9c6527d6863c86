import { Badge, Button, Card, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PagedList } from '@/components/list/PagedList';
import { useListParams } from '@/components/list/listState';
import type { Column } from '@/components/PagedTable';
import { DEFAULT_PAGE_SIZE } from '@/lib/constants';
import { namedRoutes } from '@/lib/routes';
import { useDeleteLabel, useLabels, useSetLabelActive } from '../../api/labels';
import { activeOf, type ResourceLabel } from '../../api/types';
import { byOspId, statusColumns, useStatusActions } from '../confirm';
import { labelSubject } from './labelSubject';
import { StateFilter, useFilterParams } from '../filters';

/** labels: the resource labels with their translations; a row opens labels/{ospId}. */
export default function LabelsTab() {
  const { t } = useTranslation('resources');
  const list = useListParams();
  const filters = useFilterParams();
  const query = useLabels({
    search: list.search || undefined,
    active: activeOf(filters.state),
    pagination: { page: list.page, size: DEFAULT_PAGE_SIZE },
  });
  const setActive = useSetLabelActive();
  const remove = useDeleteLabel();
  const actions = useStatusActions('label');

  const columns: Column<ResourceLabel>[] = [
    { key: 'defaultValue', header: t('labels.defaultValue'), render: (l) => l.defaultValue },
    { key: 'text', header: t('labels.text'), render: (l) => l.text },
    {
      key: 'languages',
      header: t('labels.languages'),
      render: (l) => (
        <Group gap={4}>
          {l.labelTranslations.map((tr) => (
            <Badge key={tr.languageCode} size="sm" variant="light" title={tr.text}>
              {tr.languageCode}
            </Badge>
          ))}
        </Group>
      ),
    },
    { key: 'resources', header: t('labels.resourceCount'), render: (l) => l.resourceCount },
    ...statusColumns(t, actions, byOspId(labelSubject, setActive.mutateAsync, remove.mutateAsync)),
  ];

  return (
    <Card withBorder padding="md">
      <PagedList
        testId="resources-labels"
        query={query}
        list={list}
        columns={columns}
        rowKey={(l) => l.ospId}
        rowHref={(l) => namedRoutes.ResourceEdit('labels', l.ospId)}
        emptyMessage={list.search || filters.state ? t('list.noMatches') : t('labels.empty')}
        search={{ label: t('labels.search'), testId: 'label-search' }}
        toolbar={
          <>
            <StateFilter filters={filters} />
            <Button component={Link} to={namedRoutes.ResourceEdit('labels')} ml="auto" data-testid="add-label">
              {t('labels.add')}
            </Button>
          </>
        }
      />
      {actions.dialog}
    </Card>
  );
}
