import { zodResolver } from '@hookform/resolvers/zod';
import { Badge, Button, Card, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { PagedTable, type Column } from '@/components/PagedTable';
import { RESOURCE_DESCRIPTION_MAX_LENGTH, RESOURCE_GROUP_NAME_MAX_LENGTH } from '@/lib/constants';
import { showFormError } from '@/lib/forms';
import { notifySuccess } from '@/lib/notify';
import { namedRoutes } from '@/lib/routes';
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
import type { ResourceGroupDetail, ResourceSummary } from '../../api/types';
import { byOspId, StatusButtons, useStatusActions } from '../confirm';
import { EditFrame, FormButtons, Loaded, useEditTarget } from '../EditFrame';
import { ResourcePicker } from './ResourcePicker';

interface GroupValues {
  name: string;
  description: string;
}

const TAB = 'resource-groups' as const;

/** resource-groups/{createOrEdit}: name and description; once it exists, its members. */
export default function ResourceGroupEditPage() {
  const target = useEditTarget();
  const query = useGroup(target ?? '', target !== null);
  return <Loaded target={target} query={query}>{(group) => <GroupPage key={group?.ospId} group={group} />}</Loaded>;
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
            <FormButtons tab={TAB} creating={!group} saving={create.isPending || update.isPending} testId="save-group" />
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
  const columns: Column<ResourceSummary>[] = [
    { key: 'name', header: t('fields.name'), render: (r) => r.name },
    { key: 'kind', header: t('groups.kind'), render: (r) => t(`kinds.${r.kind}`) },
    { key: 'extId', header: t('fields.extId'), render: (r) => r.extId },
    { key: 'partner', header: t('fields.mrpPartner'), render: (r) => r.mrpPartner.name },
    {
      key: 'active',
      header: t('fields.active'),
      render: (r) => (
        <Badge color={r.active ? 'green' : 'gray'} variant="light">
          {r.active ? t('states.active') : t('states.inactive')}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: t('actions.label'),
      hideHeader: true,
      render: (r) => (
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
        >
          {t('groups.remove')}
        </Button>
      ),
    },
  ];

  return (
    <Card withBorder padding="lg" data-testid="group-members">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>{t('groups.membersTitle', { count: group.resources.length })}</Title>
          <Button variant="light" size="xs" onClick={() => setPicking(true)} data-testid="add-members">
            {t('groups.addMembers')}
          </Button>
        </Group>
        <PagedTable
          columns={columns}
          rows={group.resources}
          rowKey={(r) => r.ospId}
          isLoading={false}
          emptyMessage={t('groups.noMembers')}
        />
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
