import { Alert, Button, Card, Group, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, type Column } from '@/components/PagedTable';
import type { UserListItem } from '@/lib/api/types';
import { SEARCH_DEBOUNCE_MS } from '@/lib/constants';
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
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [adding, setAdding] = useState(false);
  const corporateAccountOspId = group.data.corporateAccount.ospId;
  const members = useGroupMembers(group.ospId, { corporateAccountOspId, page, search: debounced });
  const remove = useRemoveGroupMembers();
  const locked = group.data.isDefault;

  const columns: Column<UserListItem>[] = [
    { key: 'name', header: t('members.name'), render: (u) => u.fullName },
    { key: 'login', header: t('members.login'), render: (u) => u.login },
    { key: 'email', header: t('members.email'), render: (u) => u.email },
    {
      key: 'actions',
      header: '',
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
        <Group justify="space-between" align="flex-end">
          <TextInput
            label={t('members.search')}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            w={320}
          />
          <Button onClick={() => setAdding(true)} disabled={locked} data-testid="add-members">
            {t('members.add')}
          </Button>
        </Group>
        <PagedTable
          testId="group-members"
          columns={columns}
          rows={members.data?.content}
          rowKey={(u) => u.ospId}
          isLoading={members.isPending}
          isFetching={members.isFetching}
          error={members.error}
          onRetry={() => void members.refetch()}
          emptyMessage={debounced ? t('members.noMatches') : t('members.empty')}
          page={page}
          totalPages={members.data?.totalPages}
          totalElements={members.data?.totalElements}
          onPageChange={setPage}
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
