import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { paths } from '@/lib/routes';
import { createRules } from '@/lib/validation';
import { useResetLogin } from '../api/resetLogin';
import { RequestSent } from './RequestSent';

/** Forgot login: the login names for an e-mail address are mailed to it. */
export default function ResetLoginPage() {
  const { t } = useTranslation('auth');
  const mutation = useResetLogin();
  const schema = useMemo(() => z.object({ email: createRules(t).email(t('resetLogin.email')) }), [t]);
  type Values = z.infer<typeof schema>;
  const { register, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    // Errors are notified by the API client; the form stays for another try.
    await mutation.mutateAsync(email).catch(() => undefined);
  });

  return (
    <Stack gap="md">
      <Title order={2}>{t('resetLogin.title')}</Title>
      {mutation.isSuccess ? (
        <RequestSent message={t('resetLogin.sent')} />
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <Text size="sm">{t('resetLogin.intro')}</Text>
            <TextInput
              label={t('resetLogin.email')}
              type="email"
              withAsterisk
              autoComplete="email"
              error={formState.errors.email?.message}
              {...register('email')}
            />
            <Button type="submit" loading={formState.isSubmitting} fullWidth>
              {t('resetLogin.submit')}
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
