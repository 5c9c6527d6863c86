import { Alert, Button, Card, PasswordInput, Stack, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { errorMessage } from '@/lib/api/errorMessage';
import { isApiError } from '@/lib/api/errors';
import { applyServerFieldErrors } from '@/lib/forms';
import { notifySuccess } from '@/lib/notify';
import { createRules, passwordsMatch } from '@/lib/validation';
import { useChangePassword, WRONG_PASSWORD } from '../api/changePassword';
import { NewPasswordFields } from './NewPasswordFields';

const EMPTY = { oldPassword: '', newPassword: '', repeatPassword: '' };

export default function ChangePasswordPage() {
  const { t } = useTranslation('auth');
  const mutation = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);

  const schema = useMemo(() => {
    const rules = createRules(t);
    return z
      .object({
        oldPassword: rules.password(t('changePassword.oldPassword')),
        newPassword: rules.newPassword(t('newPassword.newPassword')),
        repeatPassword: rules.password(t('newPassword.repeatPassword')),
      })
      .superRefine(passwordsMatch(t));
  }, [t]);
  type Values = z.infer<typeof schema>;
  const { register, handleSubmit, setError, reset, formState } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(async ({ oldPassword, newPassword }) => {
    setFormError(null);
    try {
      await mutation.mutateAsync({ oldPassword, newPassword });
      reset(EMPTY);
      notifySuccess(t('changePassword.success'));
    } catch (error) {
      if (isApiError(error) && error.errorLabel === WRONG_PASSWORD) {
        setError('oldPassword', { type: 'server', message: t('errors:WRONG_PASSWORD') });
      } else if (!applyServerFieldErrors(error, setError, ['oldPassword', 'newPassword', 'repeatPassword'])) {
        if (!(isApiError(error) && error.handled)) setFormError(errorMessage(error, t));
      }
    }
  });

  return (
    <Stack maw={480} gap="md">
      <Title order={2}>{t('changePassword.title')}</Title>
      <Card withBorder padding="lg">
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            {formError && (
              <Alert color="red" role="alert" style={{ whiteSpace: 'pre-line' }}>
                {formError}
              </Alert>
            )}
            <PasswordInput
              label={t('changePassword.oldPassword')}
              withAsterisk
              autoComplete="current-password"
              visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
              error={formState.errors.oldPassword?.message}
              {...register('oldPassword')}
            />
            <NewPasswordFields register={register} errors={formState.errors} />
            <Button type="submit" loading={formState.isSubmitting} style={{ alignSelf: 'flex-start' }}>
              {t('changePassword.submit')}
            </Button>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
