import { Button, Card, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors } from '@/lib/forms';
import { notifySuccess } from '@/lib/notify';
import { useUpdateUserGroup } from '../api/updateUserGroup';
import { GroupFields } from './GroupFields';
import { toWriteData, useGroupForm } from './groupForm';
import { reportUnplacedError } from './reportUnplacedError';
import { useDetailGroup } from './UserGroupDetailPage';

export default function DetailsTab() {
  const { t } = useTranslation('userGroups');
  const group = useDetailGroup();
  const form = useGroupForm({ name: group.data.name, description: group.data.description, active: group.data.active });
  const update = useUpdateUserGroup();

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync({ ospId: group.ospId, data: toWriteData(values) });
      form.reset({ name: saved.data.name, description: saved.data.description, active: saved.data.active });
      notifySuccess(t('saved'));
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, ['name', 'description'], { extId: 'name' })) {
        reportUnplacedError(error, t);
      }
    }
  });

  return (
    <Card withBorder padding="lg" maw={640}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <GroupFields form={form} isDefault={group.data.isDefault} />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
