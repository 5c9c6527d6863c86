import { Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DESCRIPTION_MAX_LENGTH } from '@/lib/constants';
import type { GroupValues } from './groupForm';

export function GroupFields({ form, isDefault }: { form: UseFormReturn<GroupValues>; isDefault?: boolean }) {
  const { t } = useTranslation('userGroups');
  const errors = form.formState.errors;
  return (
    <Stack gap="md">
      <TextInput
        label={t('fields.name')}
        withAsterisk
        description={isDefault ? t('defaultImmutable') : t('nameHint')}
        readOnly={isDefault}
        error={errors.name?.message}
        {...form.register('name')}
      />
      <Textarea
        label={t('fields.description')}
        autosize
        minRows={2}
        maxLength={DESCRIPTION_MAX_LENGTH}
        error={errors.description?.message}
        {...form.register('description')}
      />
      <Controller
        control={form.control}
        name="active"
        render={({ field }) => (
          <Switch
            label={t('fields.active')}
            checked={field.value}
            disabled={isDefault}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
          />
        )}
      />
    </Stack>
  );
}
