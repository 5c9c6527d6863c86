import { Alert, Anchor, Button, Stack, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { errorMessage } from '@/lib/api/errorMessage';
import { isApiError } from '@/lib/api/errors';
import { applyServerFieldErrors } from '@/lib/forms';
import { paths } from '@/lib/routes';
import { createRules, passwordsMatch } from '@/lib/validation';
import { RESET_TOKEN_INVALID, useConfirmResetPassword } from '../api/confirmResetPassword';
import { NewPasswordFields } from './NewPasswordFields';

/** Landing page of the reset mail: /set-new-password?token=… */
export default function SetNewPasswordPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const mutation = useConfirmResetPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const [tokenInvalid, setTokenInvalid] = useState(!token);

  const schema = useMemo(() => {
    const rules = createRules(t);
    return z
      .object({
        newPassword: rules.newPassword(t('newPassword.newPassword')),
        repeatPassword: rules.password(t('newPassword.repeatPassword')),
      })
      .superRefine(passwordsMatch(t));
  }, [t]);
  type Values = z.infer<typeof schema>;
  const { register, handleSubmit, setError, formState } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { newPassword: '', repeatPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    setFormError(null);
    try {
      await mutation.mutateAsync({ token, newPassword });
    } catch (error) {
      if (isApiError(error) && error.errorLabel === RESET_TOKEN_INVALID) {
        setTokenInvalid(true);
      } else if (!applyServerFieldErrors(error, setError, ['newPassword', 'repeatPassword'])) {
        if (!(isApiError(error) && error.handled)) setFormError(errorMessage(error, t));
      }
    }
  });

  return (
    <Stack gap="md">
      <Title order={2}>{t('setNewPassword.title')}</Title>
      {mutation.isSuccess ? (
        <>
          <Alert color="green" role="status" data-testid="password-set">
            {t('setNewPassword.success')}
          </Alert>
          <Button component={Link} to={paths.login}>
            {t('setNewPassword.toLogin')}
          </Button>
        </>
      ) : tokenInvalid ? (
        <>
          <Alert color="red" role="alert">
            {t('errors:RESET_TOKEN_INVALID')}
          </Alert>
          <Anchor component={Link} to={paths.resetPassword} size="sm">
            {t('setNewPassword.requestNew')}
          </Anchor>
        </>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            {formError && (
              <Alert color="red" role="alert" style={{ whiteSpace: 'pre-line' }}>
                {formError}
              </Alert>
            )}
            <NewPasswordFields register={register} errors={formState.errors} />
            <Button type="submit" loading={formState.isSubmitting} fullWidth>
              {t('setNewPassword.submit')}
            </Button>
            <Anchor component={Link} to={paths.login} size="sm">
              {t('backToLogin')}
            </Anchor>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
