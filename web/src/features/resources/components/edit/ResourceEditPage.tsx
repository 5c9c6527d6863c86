import { Card, Divider, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { showFormError } from '@/lib/forms';
import { notifySuccess } from '@/lib/notify';
import { namedRoutes } from '@/lib/routes';
import { useCreateResource, useDeleteResource, useResource, useSetResourceActive, useUpdateResource } from '../../api/resources';
import type { AnyResource, Kind, ResourceUpdateOf } from '../../api/types';
import { byOspId, StatusButtons, useStatusActions } from '../confirm';
import { EditFrame, FormButtons, Loaded, useEditTarget } from '../EditFrame';
import { tabOf } from '../kinds';
import { FeesEditor } from './FeesEditor';
import { IconCard } from './IconCard';
import { OwnersCard } from './OwnersCard';
import { ResourceFields } from './ResourceFields';
import { resourceValues, serverFields, toResourceWrite, useResourceForm } from './resourceForm';

/** {tab}/{createOrEdit} of a kind: 'create' makes a new resource, an ospId edits that one. */
export default function ResourceEditPage({ kind }: { kind: Kind }) {
  const target = useEditTarget();
  const query = useResource(kind, target ?? '', target !== null);
  // A new key for each resource starts the form from what is stored.
  return <Loaded target={target} query={query}>{(resource) => <ResourceForm key={resource?.ospId} kind={kind} resource={resource} />}</Loaded>;
}

function ResourceForm({ kind, resource }: { kind: Kind; resource: AnyResource | null }) {
  const { t } = useTranslation('resources');
  const navigate = useNavigate();
  const tab = tabOf(kind);
  const form = useResourceForm(kind, resourceValues(resource));
  const create = useCreateResource();
  const update = useUpdateResource();
  const setActive = useSetResourceActive();
  const remove = useDeleteResource();
  const actions = useStatusActions('resource');

  const submit = form.handleSubmit(async (values) => {
    const body = toResourceWrite(kind, values);
    try {
      if (resource) {
        const saved = await update.mutateAsync({ kind, body: { ...body, ospId: resource.ospId } as ResourceUpdateOf<Kind> });
        form.reset(resourceValues(saved));
        notifySuccess(t('saved', { name: saved.name }));
      } else {
        const created = await create.mutateAsync({ kind, body });
        notifySuccess(t('created', { name: created.name }));
        navigate(namedRoutes.ResourceEdit(tab, created.ospId), { replace: true });
      }
    } catch (error) {
      const { fields, fieldMap } = serverFields(values.fees.length);
      showFormError(error, form.setError, fields, t, fieldMap);
    }
  });

  const headerActions = resource && (
    <StatusButtons
      row={resource}
      actions={actions}
      calls={byOspId<AnyResource>(
        (r) => r,
        (variables) => setActive.mutateAsync({ kind, ...variables }),
        (variables) => remove.mutateAsync({ kind, ...variables }),
      )}
      onDeleted={() => navigate(namedRoutes.ResourceTab(tab))}
    />
  );

  return (
    <EditFrame
      tab={tab}
      title={resource ? resource.name : t(`new.${kind}`)}
      active={resource ? resource.active : null}
      actions={headerActions}
    >
      <Card withBorder padding="lg">
        <form onSubmit={submit} noValidate>
          <Stack gap="lg">
            <ResourceFields kind={kind} form={form} resource={resource} />
            <Divider />
            <FeesEditor form={form} />
            <FormButtons tab={tab} creating={!resource} saving={create.isPending || update.isPending} testId="save-resource" />
          </Stack>
        </form>
      </Card>
      {resource && 'icon' in resource && <IconCard resource={resource} />}
      {resource && 'numberOfPumps' in resource && <OwnersCard station={resource} />}
      {actions.dialog}
    </EditFrame>
  );
}
