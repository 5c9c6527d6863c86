import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@/lib/api/types';
import { notifySuccess } from '@/lib/notify';
import { useUpdateUser } from '../../api/updateUser';
import { ContactTypesField } from './ContactTypesField';
import { PersonalDetailsFields } from './PersonalDetailsFields';
import { showSaveError } from './submitErrors';
import { usePersonalForm } from './usePersonalForm';
import { fromUser, toUserData, type PersonVariant } from './userForm';

/** The detail tab: edit a user's personal details (and a contact's contact types). */
export function UserEditForm({ user }: { user: User }) {
  const { t } = useTranslation('users');
  const { form, loginCheck } = usePersonalForm(fromUser(user), user.ospId);
  const [contactTypes, setContactTypes] = useState<string[]>(user.contactTypes);
  const [contactTypesError, setContactTypesError] = useState<string | null>(null);
  const update = useUpdateUser();
  const variant = user.type as PersonVariant;

  const submit = form.handleSubmit(async (values) => {
    if (loginCheck.error) {
      form.setError('login', { type: 'server', message: loginCheck.error });
      return;
    }
    if (variant === 'contact' && contactTypes.length === 0) {
      setContactTypesError(t('validation:required', { label: t('fields.contactTypes') }));
      return;
    }
    try {
      const saved = await update.mutateAsync({
        ospId: user.ospId,
        // Fields this form does not show (planned deactivation, licence plate) stay as they are.
        userData: toUserData(values, user.userData),
        contactTypes: variant === 'contact' ? contactTypes : undefined,
      });
      form.reset(fromUser(saved));
      notifySuccess(t('detail.saved'));
    } catch (error) {
      showSaveError(error, form, t);
    }
  });

  if (user.anonymized) return <Text c="dimmed">{t('detail.anonymized')}</Text>;

  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PersonalDetailsFields
            form={form}
            variant={variant}
            mode="edit"
            corporateAccountOspId={user.corporateAccount?.ospId ?? ''}
            userOspId={user.ospId}
            extIdLocked={Boolean(user.userData.extId)}
            loginError={loginCheck.error}
            loginChecking={loginCheck.checking}
          />
          {variant === 'contact' && (
            <ContactTypesField
              value={contactTypes}
              onChange={(next) => {
                setContactTypes(next);
                setContactTypesError(null);
              }}
              error={contactTypesError}
            />
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} data-testid="save-user">
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

