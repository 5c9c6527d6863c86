import { Checkbox, Fieldset, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES } from '@/lib/constants';
import { isSupportedLanguage } from '@/lib/language';
import type { CompanyFormValues } from './companyForm';

interface Props {
  form: UseFormReturn<CompanyFormValues>;
  /** The budget types the partner allows (a company offers only those). */
  allowedBudgetTypes: readonly string[];
}

/** Step 3: the budget types the company offers, and its first admin (who gets the welcome mail). */
export function AdminStep({ form, allowedBudgetTypes }: Props) {
  const { t } = useTranslation('companies');
  const { register, control, formState } = form;
  const errors = formState.errors;
  const admin = errors.firstAdmin;

  return (
    <Stack gap="md">
      <Fieldset legend={t('sections.budgetTypes')}>
        <Controller
          control={control}
          name="selectedBudgetTypes"
          render={({ field }) => (
            <Checkbox.Group
              label={t('fields.selectedBudgetTypes')}
              description={t('hints.budgetTypes')}
              value={field.value}
              onChange={field.onChange}
              error={errors.selectedBudgetTypes?.message}
            >
              <Group mt="xs" gap="lg">
                {allowedBudgetTypes.map((type) => (
                  <Checkbox key={type} value={type} label={t(`budgetType.${type}`, { defaultValue: type })} />
                ))}
              </Group>
              {allowedBudgetTypes.length === 0 && (
                <Text size="sm" c="dimmed">
                  {t('hints.noBudgetTypes')}
                </Text>
              )}
            </Checkbox.Group>
          )}
        />
      </Fieldset>
      <Fieldset legend={t('sections.firstAdmin')}>
        <Text size="sm" c="dimmed" mb="sm">
          {t('hints.firstAdmin')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('fields.firstname')}
            withAsterisk
            error={admin?.firstname?.message}
            {...register('firstAdmin.firstname')}
          />
          <TextInput
            label={t('fields.lastname')}
            withAsterisk
            error={admin?.lastname?.message}
            {...register('firstAdmin.lastname')}
          />
          <TextInput
            label={t('fields.email')}
            type="email"
            withAsterisk
            error={admin?.email?.message}
            {...register('firstAdmin.email')}
          />
          <Controller
            control={control}
            name="firstAdmin.language"
            render={({ field }) => (
              <Select
                label={t('fields.language')}
                withAsterisk
                data={SUPPORTED_LANGUAGES.map((lang) => ({ value: lang, label: t(`language.${lang}`) }))}
                value={field.value}
                onChange={(value) => field.onChange(isSupportedLanguage(value) ? value : field.value)}
                onBlur={field.onBlur}
                name={field.name}
                error={admin?.language?.message}
                allowDeselect={false}
              />
            )}
          />
        </SimpleGrid>
      </Fieldset>
    </Stack>
  );
}
