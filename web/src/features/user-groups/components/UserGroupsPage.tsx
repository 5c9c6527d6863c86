import { Badge, Button, Card, Group, Stack, Switch, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { PageLoader } from '@/components/PageLoader';
import { PagedList } from '@/components/list/PagedList';
import { useListParams } from '@/components/list/listState';
import type { Column } from '@/components/PagedTable';
import type { UserGroup } from '@/lib/api/types';
import { DEFAULT_PAGE_SIZE } from '@/lib/constants';
import { notifySuccess } from '@/lib/notify';
import { namedRoutes, paths } from '@/lib/routes';
import { useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';
import { useDeleteUserGroup } from '../api/deleteUserGroup';
import { useFindUserGroups } from '../api/findUserGroups';
import { useSetUserGroupActive } from '../api/setUserGroupActive';

/** manage/user-groups */
export default function UserGroupsPage() {
  const { t } = useTranslation('userGroups');
  const { ospId: corporateAccountOspId } = useSelectedCorporateAccount();
  const list = useListParams();
  const [toDelete, setToDelete] = useState<UserGroup | null>(null);
  const query = useFindUserGroups(
    { corporateAccountOspId: corporateAccountOspId ?? '', pagination: { page: list.page, size: DEFAULT_PAGE_SIZE } },
    Boolean(corporateAccountOspId),
  );
  const setActive = useSetUserGroupActive();
  const remove = useDeleteUserGroup();
  if (!corporateAccountOspId) return <PageLoader />;

  const columns: Column<UserGroup>[] = [
    {
      key: 'name',
      header: t('columns.name'),
      render: (g) => (
        <Group gap="xs">
          {g.data.name}
          {g.data.isDefault && (
            <Badge size="xs" variant="light">
              {t('default')}
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'description', header: t('columns.description'), render: (g) => g.data.description },
    { key: 'users', header: t('columns.users'), render: (g) => g.data.userCount },
    {
      key: 'active',
      header: t('columns.active'),
      render: (g) => (
        // A click on the switch toggles; the table does not open the row for it.
        <Switch
          checked={g.data.active}
          disabled={g.data.isDefault || setActive.isPending}
          aria-label={t('toggleActive', { name: g.data.name })}
          onChange={(event) => setActive.mutate({ ospId: g.ospId, active: event.currentTarget.checked })}
        />
      ),
    },
    {
      key: 'actions',
      header: t('actions'),
      hideHeader: true,
      render: (g) => (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          disabled={g.data.isDefault}
          title={g.data.isDefault ? t('defaultImmutable') : undefined}
          onClick={() => setToDelete(g)}
        >
          {t('delete')}
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>{t('title')}</Title>
        <Button component={Link} to={paths.addUserGroup}>
          {t('add')}
        </Button>
      </Group>
      <Card withBorder padding="md">
        <PagedList
          testId="user-groups-table"
          query={query}
          list={list}
          columns={columns}
          rowKey={(g) => g.ospId}
          rowHref={(g) => namedRoutes.UserGroupView(g.ospId)}
          emptyMessage={t('empty')}
        />
      </Card>
      <ConfirmDialog
        opened={toDelete !== null}
        onClose={() => setToDelete(null)}
        danger
        title={t('deleteTitle')}
        message={t('deleteMessage', { name: toDelete?.data.name ?? '' })}
        confirmLabel={t('delete')}
        loading={remove.isPending}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete.ospId, {
            onSuccess: () => {
              notifySuccess(t('deleted'));
              setToDelete(null);
            },
          })
        }
      />
    </Stack>
  );
}
