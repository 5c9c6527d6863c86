import { Anchor, Button, Code, Image, Stack, Text, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router-dom';
import { z } from 'zod';
import { ErrorLabel, isApiError } from '@/lib/api/errors';
import { TWO_FACTOR_CODE_LENGTH } from '@/lib/constants';
import { paths } from '@/lib/routes';
import { createRules } from '@/lib/validation';
import { isTokenResponse, useLogin } from '../api/login';
import { getPendingLogin } from '../pendingLogin';
import { useCompleteSignIn } from '../useCompleteSignIn';

export default function TwoFactorPage() {
  const { t } = useTranslation('auth');
  const pending = getPendingLogin();
  const completeSignIn = useCompleteSignIn();
  const loginMutation = useLogin();

  const schema = useMemo(
    () => z.object({ code: createRules(t).twoFactorCode(t('twoFactor.code')) }),
    [t],
  );
  type Values = z.infer<typeof schema>;
  const { register, handleSubmit, setError, formState } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { code: '' },
  });

  // Reached without the password step (a reload, a bookmark): start over.
  if (!pending) return <Navigate to={paths.login} replace />;

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      const response = await loginMutation.mutateAsync({
        username: pending.username,
        passdigest: pending.passdigest,
        code2fa: code,
      });
      if (isTokenResponse(response)) {
        completeSignIn(response);
      } else {
        setError('code', { type: 'server', message: t('errors:INCORRECT_TWO_FACTOR_AUTHENTICATION_CODE') });
      }
    } catch (error) {
      if (isApiError(error) && !error.handled) {
        const label =
          error.errorLabel === ErrorLabel.TOKEN_NOT_FOUND
            ? ErrorLabel.INCORRECT_TWO_FACTOR_AUTHENTICATION_CODE
            : error.errorLabel;
        setError('code', { type: 'server', message: t(`errors:${label}`) });
      }
    }
  });

  const enrolling = Boolean(pending.qrCode2fa);

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="two-factor-title">
      <Stack gap="md">
        <Title order={2} id="two-factor-title">
          {t('twoFactor.title')}
        </Title>
        {enrolling ? (
          <>
            <Text size="sm">{t('twoFactor.enrolIntro')}</Text>
            <Image
              src={pending.qrCode2fa}
              alt={t('twoFactor.qrAlt')}
              w={200}
              h={200}
              mx="auto"
              data-testid="two-factor-qr"
            />
            {pending.secret2fa && (
              <Text size="sm">
                {t('twoFactor.manualKey')}{' '}
                <Code data-testid="two-factor-secret">{pending.secret2fa}</Code>
              </Text>
            )}
            <Text size="sm">{t('twoFactor.enrolThen')}</Text>
          </>
        ) : (
          <Text size="sm">{t('twoFactor.intro')}</Text>
        )}
        <TextInput
          label={t('twoFactor.code')}
          withAsterisk
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={TWO_FACTOR_CODE_LENGTH}
          error={formState.errors.code?.message}
          {...register('code')}
        />
        <Button type="submit" loading={formState.isSubmitting} fullWidth>
          {t('twoFactor.submit')}
        </Button>
        <Anchor component={Link} to={paths.login} size="sm">
          {t('backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
}
