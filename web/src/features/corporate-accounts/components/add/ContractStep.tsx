import { Fieldset, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CurrencyInput } from '@/components/CurrencyInput';
import {
  CONTRACT_TYPES,
  INVOICE_PAYMENT_METHODS,
  INVOICE_SENDING_METHODS,
  PAYMENT_TYPES,
  POSTPAID,
} from '@/lib/companyFields';
import type { PartnerSummary } from '../../api/types';
import type { CompanyFormValues } from './companyForm';

interface Props {
  form: UseFormReturn<CompanyFormValues>;
  /** Platform staff choose the partner; an MSP admin's company is their own partner's. */
  partners: PartnerSummary[] | null;
}

type SelectField = 'contractType' | 'paymentType' | 'invoiceSendingMethod' | 'invoicePaymentMethod' | 'partnerOspId';

/** Step 2: contract, payment and invoicing. */
export function ContractStep({ form, partners }: Props) {
  const { t } = useTranslation('companies');
  const { register, control, formState } = form;
  const errors = formState.errors;
  const paymentType = useWatch({ control, name: 'paymentType' });

  const select = (name: SelectField, label: string, data: { value: string; label: string }[], required = true) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          withAsterisk={required}
          data={data}
          value={field.value || null}
          onChange={(value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          name={field.name}
          error={errors[name]?.message}
          allowDeselect={false}
          searchable={name === 'partnerOspId'}
          data-testid={`field-${name}`}
        />
      )}
    />
  );
  const money = (name: 'securityDepositAmount' | 'companyBudgetThreshold', required: boolean) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <CurrencyInput
          label={t(`fields.${name}`)}
          withAsterisk={required}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          name={field.name}
          error={errors[name]?.message}
        />
      )}
    />
  );
  const toggle = (name: 'twoFactorForAdmins' | 'externalReferenceMandatory') => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch
          label={t(`fields.${name}`)}
          checked={field.value}
          onChange={(event) => field.onChange(event.currentTarget.checked)}
          onBlur={field.onBlur}
          name={field.name}
        />
      )}
    />
  );
  const options = (values: readonly string[], group: string) => values.map((value) => ({ value, label: t(`${group}.${value}`) }));

  return (
    <Stack gap="md">
      <Fieldset legend={t('sections.contract')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {partners && select('partnerOspId', t('fields.partner'), partners.map((p) => ({ value: p.ospId, label: p.name })))}
          {select('contractType', t('fields.contractType'), options(CONTRACT_TYPES, 'contractType'))}
          {select('paymentType', t('fields.paymentType'), options(PAYMENT_TYPES, 'paymentType'))}
          {paymentType === POSTPAID && money('securityDepositAmount', true)}
          {money('companyBudgetThreshold', false)}
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('sections.invoicing')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {select('invoiceSendingMethod', t('fields.invoiceSendingMethod'), options(INVOICE_SENDING_METHODS, 'invoiceSendingMethod'))}
          {select('invoicePaymentMethod', t('fields.invoicePaymentMethod'), options(INVOICE_PAYMENT_METHODS, 'invoicePaymentMethod'))}
          <TextInput label={t('fields.iban')} placeholder="BE68 5390 0754 7034" error={errors.iban?.message} {...register('iban')} />
          <TextInput label={t('fields.bic')} placeholder="GEBABEBB" error={errors.bic?.message} {...register('bic')} />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('sections.security')}>
        <Stack gap="sm">
          {toggle('twoFactorForAdmins')}
          {toggle('externalReferenceMandatory')}
        </Stack>
      </Fieldset>
    </Stack>
  );
}
