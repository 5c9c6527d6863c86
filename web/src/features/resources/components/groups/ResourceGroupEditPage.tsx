import { zodResolver } from '@hookform/resolvers/zod';
import { Badge, Button, Card, Group, Stack, Table, Text, Textarea, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { z } from 'zod';
import { EmptyState } from '@/components/EmptyState';
import { RESOURCE_DESCRIPTION_MAX_LENGTH, RESOURCE_GROUP_NAME_MAX_LENGTH } from '@/lib/constants';
import { showFormError } from '@/lib/forms';
import { notifySuccess } from '@/lib/notify';
import { CREATE_SEGMENT, namedRoutes } from '@/lib/routes';
import { createRules } from '@/lib/validation';
import {
  useAddGroupMembers,
  useCreateGroup,
  useDeleteGroup,
  useGroup,
  useRemoveGroupMembers,
  useSetGroupActive,
  useUpdateGroup,
} from '../../api/groups';
import type { ResourceGroupDetail } from '../../api/types';
import { byOspId, StatusButtons, useStatusActions } from '../confirm';
import { EditFrame, LoadState } from '../EditFrame';
import { ResourcePicker } from './ResourcePicker';

interface GroupValues {
  name: string;
  description: string;
}

const TAB = 'resource-groups' as const;

/** resource-groups/{createOrEdit}: name and description; once it exists, its members. */
export default function ResourceGroupEditPage() {
  const { createOrEdit = '' } = useParams();
  const creating = createOrEdit === CREATE_SEGMENT;
  const query = useGroup(createOrEdit, !creating);
  if (creating) return <GroupPage group={null} />;
  if (!query.data) return <LoadState query={query} />;
  return <GroupPage key={query.data.ospId} group={query.data} />;
}

function GroupPage({ group }: { group: ResourceGroupDetail | null }) {
  const { t } = useTranslation('resources');
  const navigate = useNavigate();
  const schema = useMemo(() => {
    const rules = createRules(t);
    return z.object({
      name: rules.required(t('fields.name')).pipe(rules.maxLength(t('fields.name'), RESOURCE_GROUP_NAME_MAX_LENGTH)),
      description: rules.maxLength(t('fields.description'), RESOURCE_DESCRIPTION_MAX_LENGTH),
    });
  }, [t]);
  const form = useForm<GroupValues>({
    resolver: zodResolver(schema),
    defaultValues: { name: group?.name ?? '', description: group?.description ?? '' },
    mode: 'onTouched',
  });
  const create = useCreateGroup();
  const update = useUpdateGroup();
  const setActive = useSetGroupActive();
  const remove = useDeleteGroup();
  const actions = useStatusActions('group');

  const submit = form.handleSubmit(async (values) => {
    const body = { name: values.name.trim(), description: values.description.trim() };
    try {
      if (group) {
        const saved = await update.mutateAsync({ ospId: group.ospId, ...body });
        form.reset({ name: saved.name, description: saved.description });
        notifySuccess(t('saved', { name: saved.name }));
      } else {
        const created = await create.mutateAsync(body);
        notifySuccess(t('created', { name: created.name }));
        // Members are added on the group's own page.
        navigate(namedRoutes.ResourceEdit(TAB, created.ospId), { replace: true });
      }
    } catch (error) {
      showFormError(error, form.setError, ['name', 'description'], t);
    }
  });

  const headerActions = group && (
    <StatusButtons
      row={group}
      actions={actions}
      calls={byOspId<ResourceGroupDetail>((g) => g, setActive.mutateAsync, remove.mutateAsync)}
      onDeleted={() => navigate(namedRoutes.ResourceTab(TAB))}
    />
  );

  return (
    <EditFrame tab={TAB} title={group ? group.name : t('groups.new')} active={group ? group.active : null} actions={headerActions}>
      <Card withBorder padding="lg" maw={720}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label={t('fields.name')}
              withAsterisk
              maxLength={RESOURCE_GROUP_NAME_MAX_LENGTH}
              error={form.formState.errors.name?.message}
              {...form.register('name')}
            />
            <Textarea
              label={t('fields.description')}
              autosize
              minRows={2}
              maxLength={RESOURCE_DESCRIPTION_MAX_LENGTH}
              error={form.formState.errors.description?.message}
              {...form.register('description')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => navigate(namedRoutes.ResourceTab(TAB))}>
                {t('cancel')}
              </Button>
              <Button type="submit" loading={create.isPending || update.isPending} data-testid="save-group">
                {group ? t('save') : t('create')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      {group && <Members group={group} />}
      {actions.dialog}
    </EditFrame>
  );
}

/** The group's members: every one by name; inactive ones are not part of compositions. */
function Members({ group }: { group: ResourceGroupDetail }) {
  const { t } = useTranslation('resources');
  const [picking, setPicking] = useState(false);
  const add = useAddGroupMembers();
  const remove = useRemoveGroupMembers();
  const memberOspIds = useMemo(() => new Set(group.resources.map((r) => r.ospId)), [group.resources]);

  return (
    <Card withBorder padding="lg" data-testid="group-members">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>{t('groups.membersTitle', { count: group.resources.length })}</Title>
          <Button variant="light" size="xs" onClick={() => setPicking(true)} data-testid="add-members">
            {t('groups.addMembers')}
          </Button>
        </Group>
        {group.resources.length === 0 ? (
          <EmptyState message={t('groups.noMembers')} />
        ) : (
          <Table.ScrollContainer minWidth={600}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('fields.name')}</Table.Th>
                  <Table.Th>{t('groups.kind')}</Table.Th>
                  <Table.Th>{t('fields.extId')}</Table.Th>
                  <Table.Th>{t('fields.mrpPartner')}</Table.Th>
                  <Table.Th>{t('fields.active')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('actions.label')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {group.resources.map((r) => (
                  <Table.Tr key={r.ospId}>
                    <Table.Td>{r.name}</Table.Td>
                    <Table.Td>{t(`kinds.${r.kind}`)}</Table.Td>
                    <Table.Td>{r.extId}</Table.Td>
                    <Table.Td>{r.mrpPartner.name}</Table.Td>
                    <Table.Td>
                      <Badge color={r.active ? 'green' : 'gray'} variant="light">
                        {r.active ? t('states.active') : t('states.inactive')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        disabled={remove.isPending}
                        onClick={() =>
                          remove.mutate(
                            { ospId: group.ospId, resourceOspIds: [r.ospId] },
                            { onSuccess: () => notifySuccess(t('groups.removed', { name: r.name })) },
                          )
                        }
                        aria-label={t('groups.removeNamed', { name: r.name })}
                        data-testid={`remove-member-${r.extId}`}
                      >
                        {t('groups.remove')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {group.resources.some((r) => !r.active) && (
          <Text size="xs" c="dimmed">
            {t('groups.inactiveHint')}
          </Text>
        )}
      </Stack>
      <ResourcePicker
        opened={picking}
        onClose={() => setPicking(false)}
        memberOspIds={memberOspIds}
        onAdd={(resourceOspIds) =>
          add.mutateAsync(
            { ospId: group.ospId, resourceOspIds },
            { onSuccess: () => notifySuccess(t('groups.added', { count: resourceOspIds.length })) },
          )
        }
      />
    </Card>
  );
}
