import { Fieldset, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { COMPANY_COUNTRIES, countryName } from '@/lib/companyFields';
import { useCompanyTypes } from '../../api/getCompanyTypes';
import type { CompanyFormValues } from './companyForm';

/** Step 1: who the company is and where. */
export function CompanyDetailsStep({ form }: { form: UseFormReturn<CompanyFormValues> }) {
  const { t, i18n } = useTranslation('companies');
  const { register, control, formState } = form;
  const errors = formState.errors;
  const types = useCompanyTypes();
  const countries = COMPANY_COUNTRIES.map((code) => ({ value: code, label: countryName(code, i18n.language) }));

  return (
    <Stack gap="md">
      <Fieldset legend={t('sections.company')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('fields.name')} withAsterisk error={errors.name?.message} {...register('name')} />
          <Controller
            control={control}
            name="companyType"
            render={({ field }) => (
              <Select
                label={t('fields.companyType')}
                withAsterisk
                data={(types.data ?? []).map((type) => ({ value: type, label: t(`companyType.${type}`, { defaultValue: type }) }))}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                name={field.name}
                error={errors.companyType?.message}
                allowDeselect={false}
                data-testid="field-companyType"
              />
            )}
          />
          <TextInput label={t('fields.extId')} withAsterisk error={errors.extId?.message} {...register('extId')} />
          <TextInput label={t('fields.poNumber')} error={errors.poNumber?.message} {...register('poNumber')} />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('sections.address')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('fields.street')} error={errors.street?.message} {...register('street')} />
          <TextInput label={t('fields.streetNumber')} error={errors.streetNumber?.message} {...register('streetNumber')} />
          <TextInput label={t('fields.zipCode')} error={errors.zipCode?.message} {...register('zipCode')} />
          <TextInput label={t('fields.city')} error={errors.city?.message} {...register('city')} />
          <Controller
            control={control}
            name="country"
            render={({ field }) => (
              <Select
                label={t('fields.country')}
                withAsterisk
                searchable
                data={countries}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                name={field.name}
                error={errors.country?.message}
                allowDeselect={false}
                data-testid="field-country"
              />
            )}
          />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('sections.registration')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('fields.companyNumber')}
            placeholder="0123.456.749"
            error={errors.companyNumber?.message}
            {...register('companyNumber')}
          />
          <TextInput
            label={t('fields.vatNumber')}
            placeholder="BE0123456749"
            error={errors.vatNumber?.message}
            {...register('vatNumber')}
          />
          <Controller
            control={control}
            name="vatLiable"
            render={({ field }) => (
              <Switch
                label={t('fields.vatLiable')}
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                onBlur={field.onBlur}
                name={field.name}
                mt="lg"
              />
            )}
          />
          <TextInput
            label={t('fields.maxUsers')}
            description={t('hints.maxUsers')}
            inputMode="numeric"
            error={errors.maxUsers?.message}
            {...register('maxUsers')}
          />
        </SimpleGrid>
      </Fieldset>
    </Stack>
  );
}
