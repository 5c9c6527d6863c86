import { Checkbox, Fieldset, Loader, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/DateField';
import { PhoneField } from '@/components/PhoneField';
import { SUPPORTED_LANGUAGES } from '@/lib/constants';
import { AddressFields } from './AddressFields';
import type { PersonVariant, PersonalValues } from './userForm';
import { useContractIdCheck } from './useAvailabilityChecks';

export interface PersonalDetailsOptions {
  variant: PersonVariant;
  mode: 'create' | 'edit';
  corporateAccountOspId: string;
  /** The user being edited: their own login and contract id count as free. */
  userOspId?: string;
  /** SPEC §3: an extId cannot be changed once set. */
  extIdLocked?: boolean;
}

interface Props extends PersonalDetailsOptions {
  form: UseFormReturn<PersonalValues>;
  /** The login check's verdict, so the caller can refuse to go on while it is taken. */
  loginError: string | null;
  loginChecking: boolean;
}

/** Step 1 of adding a user, and the detail tab's edit form. */
export function PersonalDetailsFields({ form, variant, mode, ...options }: Props) {
  const { t } = useTranslation('users');
  const { register, control, formState } = form;
  const errors = formState.errors;
  const contractId = useWatch({ control, name: 'contractId' });
  const contract = useContractIdCheck(variant === 'mobile' ? contractId : '', options.corporateAccountOspId, options.userOspId);
  const isMobile = variant === 'mobile';

  return (
    <Stack gap="md">
      <Fieldset legend={t('sections.identity')}>
        <SimpleGrid cols={2}>
          <TextInput label={t('fields.firstname')} withAsterisk error={errors.firstname?.message} {...register('firstname')} />
          <TextInput label={t('fields.lastname')} withAsterisk error={errors.lastname?.message} {...register('lastname')} />
          <TextInput
            label={t('fields.email')}
            withAsterisk
            type="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <TextInput
            label={t('fields.login')}
            withAsterisk
            autoComplete="off"
            // The live check knows more than a stale "required" from an earlier step check.
            error={options.loginError ?? errors.login?.message}
            rightSection={options.loginChecking ? <Loader size="xs" role="status" aria-label={t('checking')} /> : undefined}
            {...register('login')}
          />
          <Controller
            control={control}
            name="msisdn"
            render={({ field }) => (
              <PhoneField
                label={t('fields.msisdn')}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                country={form.watch('msisdnCountry')}
                onCountryChange={(country) => form.setValue('msisdnCountry', country, { shouldValidate: formState.isSubmitted })}
                error={errors.msisdn?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="language"
            render={({ field }) => (
              <Select
                label={t('fields.language')}
                allowDeselect={false}
                data={SUPPORTED_LANGUAGES.map((lang) => ({ value: lang, label: t(`languages.${lang}`) }))}
                value={field.value}
                onChange={(value) => value && field.onChange(value)}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
          {isMobile && (
            <Controller
              control={control}
              name="birthdate"
              render={({ field }) => (
                <DateField
                  label={t('fields.birthdate')}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  maxDate={new Date()}
                  error={errors.birthdate?.message}
                />
              )}
            />
          )}
        </SimpleGrid>
      </Fieldset>

      {isMobile && (
        <Fieldset legend={t('sections.employment')}>
          <SimpleGrid cols={2}>
            <TextInput label={t('fields.employeeNumber')} error={errors.employeeNumber?.message} {...register('employeeNumber')} />
            <TextInput
              label={t('fields.contractId')}
              error={errors.contractId?.message ?? contract.error}
              rightSection={contract.checking ? <Loader size="xs" /> : undefined}
              {...register('contractId')}
            />
            <TextInput
              label={t('fields.extId')}
              description={options.extIdLocked ? t('extIdLocked') : t('extIdHint')}
              readOnly={options.extIdLocked}
              error={errors.extId?.message}
              {...register('extId')}
            />
            <Controller
              control={control}
              name="desiredActivationDate"
              render={({ field }) => (
                <DateField
                  label={t('fields.desiredActivationDate')}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.desiredActivationDate?.message}
                />
              )}
            />
            {mode === 'create' && (
              <TextInput label={t('fields.mobibCardNumber')} error={errors.mobibCardNumber?.message} {...register('mobibCardNumber')} />
            )}
          </SimpleGrid>
        </Fieldset>
      )}

      {isMobile && (
        <SimpleGrid cols={2}>
          <AddressFields form={form} name="workAddress" legend={t('sections.workAddress')} />
          <AddressFields form={form} name="homeAddress" legend={t('sections.homeAddress')} />
        </SimpleGrid>
      )}

      {variant === 'admin' && (
        <Controller
          control={control}
          name="twoFactor"
          render={({ field }) => (
            <Switch
              label={t('fields.twoFactor')}
              description={t('twoFactorHint')}
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
            />
          )}
        />
      )}
      {mode === 'create' && (
        <Controller
          control={control}
          name="sendCredentials"
          render={({ field }) => (
            <Checkbox
              label={t('fields.sendCredentials')}
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
            />
          )}
        />
      )}
    </Stack>
  );
}
