import { PasswordInput } from '@mantine/core';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

export interface NewPasswordValues {
  newPassword: string;
  repeatPassword: string;
}

/** New password typed twice; shared by "set new password" and "change password". */
export function NewPasswordFields<T extends NewPasswordValues>({
  register,
  errors,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<NewPasswordValues>;
}) {
  const { t } = useTranslation('auth');
  const reg = register as unknown as UseFormRegister<NewPasswordValues>;
  return (
    <>
      <PasswordInput
        label={t('newPassword.newPassword')}
        description={t('newPassword.hint')}
        withAsterisk
        autoComplete="new-password"
        visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
        error={errors.newPassword?.message}
        {...reg('newPassword')}
      />
      <PasswordInput
        label={t('newPassword.repeatPassword')}
        withAsterisk
        autoComplete="new-password"
        visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
        error={errors.repeatPassword?.message}
        {...reg('repeatPassword')}
      />
    </>
  );
}
