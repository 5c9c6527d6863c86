import { Alert, Button, Card, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '@/components/list/PagedList';
import { useListParams } from '@/components/list/listState';
import type { Column } from '@/components/PagedTable';
import type { UserListItem } from '@/lib/api/types';
import { notifySuccess } from '@/lib/notify';
import { useGroupMembers } from '../api/findGroupMembers';
import { useRemoveGroupMembers } from '../api/removeGroupMembers';
import { AddMembersDialog } from './AddMembersDialog';
import { useDetailGroup } from './UserGroupDetailPage';

/**
 * The group's members. The default group holds every user of the company
 * by definition, so its membership cannot be edited here.
 */
export default function MembersTab() {
  const { t } = useTranslation('userGroups');
  const group = useDetailGroup();
  const list = useListParams();
  const [adding, setAdding] = useState(false);
  const corporateAccountOspId = group.data.corporateAccount.ospId;
  const members = useGroupMembers(group.ospId, { corporateAccountOspId, page: list.page, search: list.search });
  const remove = useRemoveGroupMembers();
  const locked = group.data.isDefault;

  const columns: Column<UserListItem>[] = [
    { key: 'name', header: t('members.name'), render: (u) => u.fullName },
    { key: 'login', header: t('members.login'), render: (u) => u.login },
    { key: 'email', header: t('members.email'), render: (u) => u.email },
    {
      key: 'actions',
      header: t('members.actions'),
      hideHeader: true,
      render: (u) => (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          disabled={locked || remove.isPending}
          onClick={() =>
            remove.mutate(
              { userGroupOspId: group.ospId, userOspIds: [u.ospId] },
              { onSuccess: () => notifySuccess(t('members.removed', { name: u.fullName })) },
            )
          }
          data-testid={`remove-member-${u.login}`}
        >
          {t('members.remove')}
        </Button>
      ),
    },
  ];

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        {locked && <Alert color="blue">{t('members.defaultGroup')}</Alert>}
        <PagedList
          testId="group-members"
          query={members}
          list={list}
          columns={columns}
          rowKey={(u) => u.ospId}
          emptyMessage={list.search ? t('members.noMatches') : t('members.empty')}
          search={{ label: t('members.search') }}
          toolbar={
            <Button onClick={() => setAdding(true)} disabled={locked} data-testid="add-members" ml="auto">
              {t('members.add')}
            </Button>
          }
        />
      </Stack>
      {!locked && (
        <AddMembersDialog
          opened={adding}
          onClose={() => setAdding(false)}
          userGroupOspId={group.ospId}
          corporateAccountOspId={corporateAccountOspId}
        />
      )}
    </Card>
  );
}
