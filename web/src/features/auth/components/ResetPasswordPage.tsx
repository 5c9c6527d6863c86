import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { paths } from '@/lib/routes';
import { createRules } from '@/lib/validation';
import { useResetPassword } from '../api/resetPassword';
import { RequestSent } from './RequestSent';

/** Forgot password: a link to choose a new one is mailed to the account's address. */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const mutation = useResetPassword();
  const schema = useMemo(() => z.object({ login: createRules(t).required(t('resetPassword.login')) }), [t]);
  type Values = z.infer<typeof schema>;
  const { register, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { login: '' },
  });

  const onSubmit = handleSubmit(async ({ login }) => {
    await mutation.mutateAsync(login).catch(() => undefined);
  });

  return (
    <Stack gap="md">
      <Title order={2}>{t('resetPassword.title')}</Title>
      {mutation.isSuccess ? (
        <RequestSent message={t('resetPassword.sent')} />
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <Text size="sm">{t('resetPassword.intro')}</Text>
            <TextInput
              label={t('resetPassword.login')}
              withAsterisk
              autoComplete="username"
              error={formState.errors.login?.message}
              {...register('login')}
            />
            <Button type="submit" loading={formState.isSubmitting} fullWidth>
              {t('resetPassword.submit')}
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
