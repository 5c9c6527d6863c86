import { Select, Stack, TextInput } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TranslationsEditor } from '@/components/TranslationsEditor';
import { useModeOptions } from '../api/catalogue';
import { PRODUCT_LIMITS } from '../api/types';
import type { ProductValues } from './productForm';

/** extId, mobility mode and the translated label (with its HTML variant): what add and details share. */
export function ProductFields({ form }: { form: UseFormReturn<ProductValues> }) {
  const { t } = useTranslation('products');
  const modeOptions = useModeOptions();
  const errors = form.formState.errors;
  return (
    <Stack gap="md">
      <TextInput
        label={t('fields.extId')}
        description={t('fields.extIdHelp')}
        withAsterisk
        maxLength={PRODUCT_LIMITS.extId}
        error={errors.extId?.message}
        {...form.register('extId')}
        data-testid="product-extid"
      />
      <Controller
        control={form.control}
        name="mobilityMode"
        render={({ field, fieldState }) => (
          <Select
            label={t('fields.mobilityMode')}
            withAsterisk
            searchable
            data={modeOptions}
            value={field.value || null}
            onChange={(value) => field.onChange(value ?? '')}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            comboboxProps={{ withinPortal: true }}
            data-testid="product-mode"
          />
        )}
      />
      <Controller
        control={form.control}
        name="label"
        render={({ field }) => (
          <TranslationsEditor
            label={t('fields.label')}
            withHtml
            value={field.value}
            onChange={field.onChange}
            errors={errors.label}
            maxLength={PRODUCT_LIMITS.label}
            htmlMaxLength={PRODUCT_LIMITS.html}
            testId="product-label"
          />
        )}
      />
    </Stack>
  );
}
