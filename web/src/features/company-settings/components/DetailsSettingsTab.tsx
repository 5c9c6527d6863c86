import { Badge, Button, Card, Checkbox, Group, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { Controller, useForm, useWatch, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CurrencyInput } from '@/components/CurrencyInput';
import { ErrorState } from '@/components/ErrorState';
import { PageLoader } from '@/components/PageLoader';
import { fromCents, toCents } from '@/lib/money';
import { showFormError } from '@/lib/forms';
import { notifySuccess } from '@/lib/notify';
import { useCurrentUser } from '@/lib/session/currentUser';
import { useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';
import { createRules, compactCode, isValidBelgianNumber, moneyRule } from '@/lib/validation';
import { useCorporateAccountDetails } from '../api/getCorporateAccount';
import { useCompanyTypeOptions, usePartnerOptions } from '../api/getSettingsOptions';
import { useUpdateCorporateAccount } from '../api/updateCorporateAccount';
import {
  CONTRACT_TYPES,
  INVOICE_PAYMENT_METHODS,
  INVOICE_SENDING_METHODS,
  PAYMENT_TYPES,
  type CompanyPaymentType,
  type ContractType,
  type CorporateAccountDetails,
  type CorporateAccountUpdate,
  type InvoicePaymentMethod,
  type InvoiceSendingMethod,
} from '../api/types';
import { canManageCompanySettings, isPlatformAdmin } from './access';

/**
 * The fields a company admin may change (issue 9); every other field is
 * shown read-only to them and editable for MSP users and platform staff.
 */
export const COMPANY_ADMIN_EDITABLE = [
  'street',
  'streetNumber',
  'zipCode',
  'city',
  'country',
  'poNumber',
  'iban',
  'bic',
  'invoiceSendingMethod',
  'companyBudgetThreshold',
  'externalReferenceMandatory',
  'twoFactorForAdmins',
  'selectedBudgetTypes',
] as const;

interface Values {
  name: string;
  extId: string;
  companyType: string;
  partnerOspId: string;
  street: string;
  streetNumber: string;
  zipCode: string;
  city: string;
  country: string;
  companyNumber: string;
  vatNumber: string;
  vatLiable: boolean;
  iban: string;
  bic: string;
  poNumber: string;
  maxUsers: string;
  twoFactorForAdmins: boolean;
  externalReferenceMandatory: boolean;
  contractType: string;
  invoiceSendingMethod: string;
  invoicePaymentMethod: string;
  paymentType: string;
  securityDepositAmount: string;
  companyBudgetThreshold: string;
  selectedBudgetTypes: string[];
}

const FIELDS = [
  'name', 'extId', 'companyType', 'partnerOspId', 'street', 'streetNumber', 'zipCode', 'city', 'country',
  'companyNumber', 'vatNumber', 'vatLiable', 'iban', 'bic', 'poNumber', 'maxUsers', 'twoFactorForAdmins',
  'externalReferenceMandatory', 'contractType', 'invoiceSendingMethod', 'invoicePaymentMethod', 'paymentType',
  'securityDepositAmount', 'companyBudgetThreshold', 'selectedBudgetTypes',
] as const satisfies readonly Path<Values>[];

/** Server field names that differ from the form's. */
const SERVER_FIELDS: Partial<Record<string, Path<Values>>> = { 'partner.ospId': 'partnerOspId', partner: 'partnerOspId' };

function toValues(a: CorporateAccountDetails): Values {
  return {
    name: a.name ?? '',
    extId: a.extId ?? '',
    companyType: a.companyType ?? '',
    partnerOspId: a.partner?.ospId ?? '',
    street: a.street ?? '',
    streetNumber: a.streetNumber ?? '',
    zipCode: a.zipCode ?? '',
    city: a.city ?? '',
    country: a.country ?? '',
    companyNumber: a.companyNumber ?? '',
    vatNumber: a.vatNumber ?? '',
    vatLiable: Boolean(a.vatLiable),
    iban: a.iban ?? '',
    bic: a.bic ?? '',
    poNumber: a.poNumber ?? '',
    maxUsers: a.maxUsers ? String(a.maxUsers) : '',
    twoFactorForAdmins: Boolean(a.twoFactorForAdmins),
    externalReferenceMandatory: Boolean(a.externalReferenceMandatory),
    contractType: a.contractType ?? '',
    invoiceSendingMethod: a.invoiceSendingMethod ?? '',
    invoicePaymentMethod: a.invoicePaymentMethod ?? '',
    paymentType: a.paymentType ?? '',
    securityDepositAmount: a.securityDepositAmount ? fromCents(a.securityDepositAmount) : '',
    companyBudgetThreshold: a.companyBudgetThreshold ? fromCents(a.companyBudgetThreshold) : '',
    selectedBudgetTypes: a.selectedBudgetTypes ?? [],
  };
}

/** company/settings/details: every field of the selected corporate account. */
export default function DetailsSettingsTab() {
  const { ospId } = useSelectedCorporateAccount();
  const query = useCorporateAccountDetails(ospId ?? '');
  if (!ospId || query.isPending) return <PageLoader />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return <DetailsForm key={query.dataUpdatedAt} account={query.data} />;
}

export function DetailsForm({ account }: { account: CorporateAccountDetails }) {
  const { t } = useTranslation('companySettings');
  const { data: user } = useCurrentUser();
  const update = useUpdateCorporateAccount();
  const manager = Boolean(user && canManageCompanySettings(user));
  const platformAdmin = Boolean(user && isPlatformAdmin(user));
  const companyTypes = useCompanyTypeOptions();
  const partners = usePartnerOptions(platformAdmin);
  // Only platform staff move a company to another partner.
  const editable = (name: Path<Values>) =>
    name === 'partnerOspId' ? platformAdmin : manager || (COMPANY_ADMIN_EDITABLE as readonly string[]).includes(name);

  const schema = useMemo(() => {
    const rules = createRules(t);
    const label = (name: string) => t(`details.fields.${name}`);
    return z
      .object({
        name: rules.required(label('name')).pipe(rules.maxLength(label('name'), 255)),
        extId: rules.extId(label('extId')),
        companyType: z.string(),
        partnerOspId: z.string(),
        street: rules.optional(),
        streetNumber: rules.optional(),
        zipCode: rules.optional(),
        city: rules.optional(),
        country: rules.optional(),
        companyNumber: rules.optional(),
        vatNumber: rules.vatNumber(label('vatNumber')),
        vatLiable: z.boolean(),
        iban: rules.iban(label('iban')),
        bic: z.string().trim().refine((v) => !v || /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/i.test(v), t('validation:invalid', { label: label('bic') })),
        poNumber: rules.optional(),
        maxUsers: z.string().trim().refine((v) => !v || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 1_000_000), t('validation:min', { label: label('maxUsers'), min: 1 })),
        twoFactorForAdmins: z.boolean(),
        externalReferenceMandatory: z.boolean(),
        contractType: z.string(),
        invoiceSendingMethod: z.string(),
        invoicePaymentMethod: z.string(),
        paymentType: z.string(),
        securityDepositAmount: moneyRule(t, label('securityDepositAmount'), { required: false }),
        companyBudgetThreshold: moneyRule(t, label('companyBudgetThreshold'), { required: false }),
        selectedBudgetTypes: z.array(z.string()),
      })
      .superRefine((values, ctx) => {
        // A postpaid company has a security deposit (more than zero).
        if (values.paymentType === 'POSTPAID_WITH_SECURITY_DEPOSIT' && !((toCents(values.securityDepositAmount) ?? 0) > 0)) {
          ctx.addIssue({ code: 'custom', path: ['securityDepositAmount'], message: t('validation:required', { label: label('securityDepositAmount') }) });
        }
        // Belgian enterprise numbers carry their own check digits (issue 9).
        const country = values.country.trim().toUpperCase();
        if (values.companyNumber && (country === '' || country === 'BE') && /^(BE)?\d+$/.test(compactCode(values.companyNumber)) && !isValidBelgianNumber(values.companyNumber)) {
          ctx.addIssue({ code: 'custom', path: ['companyNumber'], message: t('validation:invalid', { label: label('companyNumber') }) });
        }
      });
  }, [t]);

  const form = useForm<Values>({ resolver: zodResolver(schema) as never, mode: 'onTouched', defaultValues: toValues(account) });
  const paymentType = useWatch({ control: form.control, name: 'paymentType' });

  // A partial update: a company admin sends only the fields it may change.
  const onSubmit = form.handleSubmit((v) => {
    const body: CorporateAccountUpdate = {
      ospId: account.ospId,
      street: v.street.trim(),
      streetNumber: v.streetNumber.trim(),
      zipCode: v.zipCode.trim(),
      city: v.city.trim(),
      country: v.country.trim().toUpperCase(),
      poNumber: v.poNumber.trim(),
      iban: compactCode(v.iban),
      bic: v.bic.trim().toUpperCase(),
      invoiceSendingMethod: v.invoiceSendingMethod as InvoiceSendingMethod,
      companyBudgetThreshold: toCents(v.companyBudgetThreshold) ?? 0,
      externalReferenceMandatory: v.externalReferenceMandatory,
      twoFactorForAdmins: v.twoFactorForAdmins,
      selectedBudgetTypes: v.selectedBudgetTypes,
    };
    if (manager) {
      const postpaid = v.paymentType === 'POSTPAID_WITH_SECURITY_DEPOSIT';
      Object.assign(body, {
        name: v.name.trim(),
        extId: v.extId.trim(),
        companyType: v.companyType,
        companyNumber: v.companyNumber.trim(),
        vatNumber: compactCode(v.vatNumber),
        vatLiable: v.vatLiable,
        // 0: unlimited
        maxUsers: v.maxUsers.trim() ? Number(v.maxUsers) : 0,
        contractType: v.contractType as ContractType,
        invoicePaymentMethod: v.invoicePaymentMethod as InvoicePaymentMethod,
        paymentType: v.paymentType as CompanyPaymentType,
        ...(postpaid ? { securityDepositAmount: toCents(v.securityDepositAmount) ?? 0 } : {}),
      } satisfies Partial<CorporateAccountUpdate>);
    }
    if (platformAdmin) body.partnerOspId = v.partnerOspId;
    update.mutate(body, {
      onSuccess: () => notifySuccess(t('saved')),
      onError: (error) => showFormError(error, form.setError, FIELDS, t, SERVER_FIELDS),
    });
  });

  const text = (name: Path<Values>, extra: { required?: boolean; placeholder?: string } = {}) => (
    <TextInput
      label={t(`details.fields.${name}`)}
      readOnly={!editable(name)}
      required={extra.required && editable(name)}
      placeholder={extra.placeholder}
      error={form.formState.errors[name as keyof Values]?.message as string | undefined}
      data-testid={`field-${name}`}
          data-editable={editable(name)}
      {...form.register(name)}
    />
  );

  const select = (name: Path<Values>, data: { value: string; label: string }[], extra: { clearable?: boolean } = {}) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          label={t(`details.fields.${name}`)}
          data={data}
          value={(field.value as string) || null}
          onChange={(value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          readOnly={!editable(name)}
          allowDeselect={false}
          clearable={extra.clearable}
          error={fieldState.error?.message}
          data-testid={`field-${name}`}
          data-editable={editable(name)}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    />
  );

  const toggle = (name: 'vatLiable' | 'twoFactorForAdmins' | 'externalReferenceMandatory') => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Switch
          label={t(`details.fields.${name}`)}
          checked={field.value}
          onChange={(event) => field.onChange(event.currentTarget.checked)}
          disabled={!editable(name)}
          data-testid={`field-${name}`}
          data-editable={editable(name)}
        />
      )}
    />
  );

  const money = (name: 'securityDepositAmount' | 'companyBudgetThreshold', disabled = false) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <CurrencyInput
          label={t(`details.fields.${name}`)}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          readOnly={!editable(name)}
          disabled={disabled}
          error={fieldState.error?.message}
          data-testid={`field-${name}`}
          data-editable={editable(name)}
        />
      )}
    />
  );

  const enumOptions = (prefix: string, values: readonly string[]) => values.map((value) => ({ value, label: t(`${prefix}.${value}`) }));
  const companyTypeOptions = (companyTypes.data ?? [account.companyType]).filter(Boolean).map((value) => ({ value, label: t(`companyTypes.${value}`, { defaultValue: value }) }));
  // Platform staff pick from every partner; others see their own partner's name.
  const ownPartner = user?.partner?.ospId === account.partner?.ospId ? user?.partner?.name : undefined;
  const partnerOptions = platformAdmin && partners.data
    ? partners.data.map((p) => ({ value: p.ospId, label: p.name }))
    : [{ value: account.partner?.ospId ?? '', label: ownPartner || account.partner?.ospId || '' }];
  const allowed = account.allowedBudgetTypes ?? [];

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid="company-details-form">
      <Stack gap="lg">
        {!manager && (
          <Text size="sm" c="dimmed" data-testid="read-only-notice">
            {t('details.readOnlyNotice')}
          </Text>
        )}
        <Card withBorder padding="md">
          <Group justify="space-between" mb="sm">
            <Title order={4}>{t('details.sections.company')}</Title>
            <Badge color={account.active ? 'green' : 'gray'} data-testid="company-active">
              {t(account.active ? 'details.active' : 'details.inactive')}
            </Badge>
          </Group>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {text('name', { required: true })}
            {text('extId')}
            {select('companyType', companyTypeOptions)}
            {select('partnerOspId', partnerOptions.filter((o) => o.value))}
          </SimpleGrid>
        </Card>
        <Card withBorder padding="md">
          <Title order={4} mb="sm">{t('details.sections.address')}</Title>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {text('street')}
            {text('streetNumber')}
            {text('zipCode')}
            {text('city')}
            {text('country', { placeholder: 'BE' })}
          </SimpleGrid>
        </Card>
        <Card withBorder padding="md">
          <Title order={4} mb="sm">{t('details.sections.legal')}</Title>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {text('companyNumber')}
            {text('vatNumber', { placeholder: 'BE0123456749' })}
            {text('iban', { placeholder: 'BE68 5390 0754 7034' })}
            {text('bic')}
            {text('poNumber')}
            <TextInput label={t('details.fields.paymentReference')} value={account.paymentReference ?? ''} readOnly data-testid="field-paymentReference" data-editable={false} />
          </SimpleGrid>
          <Stack gap="xs" mt="md">
            {toggle('vatLiable')}
          </Stack>
        </Card>
        <Card withBorder padding="md">
          <Title order={4} mb="sm">{t('details.sections.contract')}</Title>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {select('contractType', enumOptions('contractTypes', CONTRACT_TYPES))}
            {select('paymentType', enumOptions('paymentTypes', PAYMENT_TYPES))}
            {money('securityDepositAmount', paymentType !== 'POSTPAID_WITH_SECURITY_DEPOSIT')}
            {money('companyBudgetThreshold')}
            {select('invoiceSendingMethod', enumOptions('invoiceSendingMethods', INVOICE_SENDING_METHODS))}
            {select('invoicePaymentMethod', enumOptions('invoicePaymentMethods', INVOICE_PAYMENT_METHODS))}
          </SimpleGrid>
        </Card>
        <Card withBorder padding="md">
          <Title order={4} mb="sm">{t('details.sections.rules')}</Title>
          <Stack gap="sm">
            <TextInput
              label={t('details.fields.maxUsers')}
              description={t('details.maxUsersHint')}
              readOnly={!editable('maxUsers')}
              inputMode="numeric"
              error={form.formState.errors.maxUsers?.message}
              data-testid="field-maxUsers"
              data-editable={editable('maxUsers')}
              maw={320}
              {...form.register('maxUsers')}
            />
            {toggle('twoFactorForAdmins')}
            {toggle('externalReferenceMandatory')}
          </Stack>
        </Card>
        <Card withBorder padding="md">
          <Title order={4} mb="sm">{t('details.sections.budgetTypes')}</Title>
          {allowed.length === 0 ? (
            <Text size="sm" c="dimmed">{t('details.noAllowedBudgetTypes')}</Text>
          ) : (
            <Controller
              control={form.control}
              name="selectedBudgetTypes"
              render={({ field, fieldState }) => (
                <Checkbox.Group
                  label={t('details.fields.selectedBudgetTypes')}
                  description={t('details.allowedHint')}
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                  data-testid="field-selectedBudgetTypes"
                >
                  <Group mt="xs">
                    {allowed.map((type) => (
                      <Checkbox key={type} value={type} label={t(`types.${type}`, { defaultValue: type })} />
                    ))}
                  </Group>
                </Checkbox.Group>
              )}
            />
          )}
        </Card>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} data-testid="company-details-save">
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
