import { Checkbox, Group, Loader } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageLoader } from '@/components/PageLoader';
import { namedRoutes } from '@/lib/routes';
import { useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';
import { useCreateManager } from '../../api/createManager';
import { useAssignableRoles } from '../../api/getAssignableRoles';
import { showSaveError } from '../form/submitErrors';
import { usePersonalForm } from '../form/usePersonalForm';
import { EMPTY_PERSONAL, toUserData } from '../form/userForm';
import { AddPersonPage } from './AddPersonPage';

/** manage/admins/add: a company admin with the roles the signed-in admin may grant. */
export default function AddAdminPage() {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const { ospId: corporateAccountOspId } = useSelectedCorporateAccount();
  const { form, loginCheck } = usePersonalForm(EMPTY_PERSONAL);
  const roles = useAssignableRoles();
  const create = useCreateManager();
  const [selected, setSelected] = useState<string[]>([]);
  const [rolesError, setRolesError] = useState<string | null>(null);
  if (!corporateAccountOspId) return <PageLoader />;

  const submit = form.handleSubmit(async (values) => {
    if (loginCheck.error) return form.setError('login', { type: 'server', message: loginCheck.error });
    if (selected.length === 0) return setRolesError(t('validation:required', { label: t('fields.roles') }));
    try {
      const user = await create.mutateAsync({
        corporateAccount: { ospId: corporateAccountOspId },
        userData: toUserData(values),
        roles: selected,
        sendCredentials: values.sendCredentials,
      });
      navigate(namedRoutes.AdminUserViewDetails(user.ospId));
    } catch (error) {
      showSaveError(error, form, t);
    }
  });

  return (
    <AddPersonPage
      title={t('admins.add.admin')}
      variant="admin"
      corporateAccountOspId={corporateAccountOspId}
      form={form}
      loginCheck={loginCheck}
      onSubmit={() => void submit()}
      submitting={create.isPending}
    >
      {roles.isPending ? (
        <Loader size="sm" />
      ) : (
        <Checkbox.Group
          label={t('fields.roles')}
          withAsterisk
          value={selected}
          onChange={(next) => {
            setSelected(next);
            setRolesError(null);
          }}
          error={rolesError}
        >
          <Group mt="xs">
            {(roles.data ?? []).map(({ role, assignable }) => (
              <Checkbox
                key={role}
                value={role}
                disabled={!assignable}
                label={t(`roles.names.${role}`, { defaultValue: role })}
              />
            ))}
          </Group>
        </Checkbox.Group>
      )}
    </AddPersonPage>
  );
}
