import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { ErrorLabel, isApiError } from '@/lib/api/errors';
import { passdigest } from '@/lib/hash';
import { paths } from '@/lib/routes';
import { createRules } from '@/lib/validation';
import { isTokenResponse, isTwoFactorChallenge, useLogin } from '../api/login';
import { setPendingLogin } from '../pendingLogin';
import { useCompleteSignIn } from '../useCompleteSignIn';
import { ReadMore } from './ReadMore';

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const loginMutation = useLogin();
  const [formError, setFormError] = useState<string | null>(null);

  const schema = useMemo(() => {
    const rules = createRules(t);
    return z.object({
      username: rules.required(t('login.username')),
      password: rules.password(t('login.password')),
    });
  }, [t]);
  type Values = z.infer<typeof schema>;

  const { register, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { username: '', password: '' },
  });
  // "The login and password do not match" goes away as soon as the user edits.
  const clearFormError = () => setFormError(null);

  const onSubmit = handleSubmit(async ({ username, password }) => {
    setFormError(null);
    const digest = await passdigest(password);
    try {
      const response = await loginMutation.mutateAsync({ username, passdigest: digest });
      if (isTokenResponse(response)) {
        completeSignIn(response);
      } else if (isTwoFactorChallenge(response)) {
        setPendingLogin({
          username,
          passdigest: digest,
          qrCode2fa: response.qrCode2fa,
          secret2fa: response.secret2fa,
        });
        navigate(paths.twoFactor);
      } else {
        setFormError(t('login.failed'));
      }
    } catch (error) {
      if (isApiError(error) && error.errorLabel === ErrorLabel.WRONG_CREDENTIALS) {
        setFormError(t('errors:WRONG_CREDENTIALS'));
      } else if (isApiError(error) && !error.handled) {
        setFormError(t('login.failed'));
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="login-title">
      <Stack gap="md">
        <Title order={2} id="login-title">
          {t('login.title')}
        </Title>
        {formError && (
          <Alert color="red" role="alert" data-testid="login-error">
            {formError}
          </Alert>
        )}
        <TextInput
          label={t('login.username')}
          withAsterisk
          autoComplete="username"
          error={formState.errors.username?.message}
          {...register('username', { onChange: clearFormError })}
        />
        <PasswordInput
          label={t('login.password')}
          withAsterisk
          autoComplete="current-password"
          visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
          error={formState.errors.password?.message}
          {...register('password', { onChange: clearFormError })}
        />
        <Button type="submit" loading={formState.isSubmitting} fullWidth>
          {t('login.submit')}
        </Button>
        <Group justify="space-between" gap="xs">
          <Anchor component={Link} to={paths.resetLogin} size="sm">
            {t('login.forgotLogin')}
          </Anchor>
          <Anchor component={Link} to={paths.resetPassword} size="sm">
            {t('login.forgotPassword')}
          </Anchor>
        </Group>
        <ReadMore />
      </Stack>
    </form>
  );
}
