import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageLoader } from '@/components/PageLoader';
import { applyServerFieldErrors } from '@/lib/forms';
import { namedRoutes } from '@/lib/routes';
import { useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';
import { useCreateUserGroup } from '../api/createUserGroup';
import { GroupFields } from './GroupFields';
import { toWriteData, useGroupForm } from './groupForm';
import { reportUnplacedError } from './reportUnplacedError';

/** manage/user-groups/add */
export default function AddUserGroupPage() {
  const { t } = useTranslation('userGroups');
  const navigate = useNavigate();
  const { ospId: corporateAccountOspId } = useSelectedCorporateAccount();
  const form = useGroupForm({ name: '', description: '', active: true });
  const create = useCreateUserGroup();
  if (!corporateAccountOspId) return <PageLoader />;

  const submit = form.handleSubmit(async (values) => {
    try {
      const group = await create.mutateAsync({ corporateAccountOspId, data: toWriteData(values) });
      navigate(namedRoutes.UserGroupView(group.ospId));
    } catch (error) {
      // The server names the name field extId.
      if (!applyServerFieldErrors(error, form.setError, ['name', 'description'], { extId: 'name' })) {
        reportUnplacedError(error, t);
      }
    }
  });

  return (
    <Stack gap="lg" maw={640}>
      <Title order={2}>{t('addTitle')}</Title>
      <Card withBorder padding="lg">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <GroupFields form={form} />
            <Group justify="space-between">
              <Button variant="default" onClick={() => navigate(-1)}>
                {t('cancel')}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {t('create')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
