import { Button, Checkbox, Group, Loader, Modal, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { ErrorState } from '@/components/ErrorState';
import { SEARCH_DEBOUNCE_MS } from '@/lib/constants';
import { notifySuccess } from '@/lib/notify';
import { useTicked } from '@/lib/useTicked';
import { useAddGroupMembers } from '../api/addGroupMembers';
import { useGroupCandidates } from '../api/findGroupCandidates';

interface Props {
  opened: boolean;
  onClose: () => void;
  userGroupOspId: string;
  corporateAccountOspId: string;
}

/** Search the company's app users who are not members yet, tick several, add them at once. */
export function AddMembersDialog({ opened, onClose, userGroupOspId, corporateAccountOspId }: Props) {
  const { t } = useTranslation('userGroups');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const { ticked: selected, toggle, clear } = useTicked();
  const candidates = useGroupCandidates(userGroupOspId, corporateAccountOspId, debounced, opened);
  const add = useAddGroupMembers();

  const close = () => {
    setSearch('');
    clear();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={t('members.addTitle')} centered size="lg">
      <Stack gap="md">
        <TextInput
          label={t('members.search')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          rightSection={candidates.isFetching ? <Loader size="xs" /> : undefined}
          data-autofocus
          data-testid="candidates-search"
        />
        {candidates.isPending ? (
          <Loader size="sm" />
        ) : candidates.isError ? (
          <ErrorState error={candidates.error} onRetry={() => void candidates.refetch()} />
        ) : candidates.data.content.length === 0 ? (
          <EmptyState message={t('members.noCandidates')} />
        ) : (
          <ScrollArea.Autosize mah={320}>
            <Stack gap={6} data-testid="candidates">
              {candidates.data.content.map((user) => (
                <Checkbox
                  key={user.ospId}
                  label={`${user.fullName} (${user.login})`}
                  checked={selected.has(user.ospId)}
                  onChange={() => toggle(user.ospId)}
                />
              ))}
              {candidates.data.totalElements > candidates.data.content.length && (
                <Text size="xs" c="dimmed">
                  {t(candidates.data.moreThanTotal ? 'members.refineMore' : 'members.refine', { count: candidates.data.totalElements })}
                </Text>
              )}
            </Stack>
          </ScrollArea.Autosize>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={add.isPending}>
            {t('cancel')}
          </Button>
          <Button
            disabled={selected.size === 0}
            loading={add.isPending}
            onClick={() =>
              add.mutate(
                { userGroupOspId, userOspIds: [...selected] },
                {
                  onSuccess: () => {
                    notifySuccess(t('members.added', { count: selected.size }));
                    close();
                  },
                },
              )
            }
            data-testid="add-members-confirm"
          >
            {t('members.addSelected', { count: selected.size })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
