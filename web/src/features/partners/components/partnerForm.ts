import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { PartnerType } from '@/lib/api/types';
import { createRules } from '@/lib/validation';
import { PARTNER_TYPES, type Partner, type PartnerData } from '../api/types';

/** The server's limits of partnerData's text fields (partner.PartnerData). */
export const MAX_LENGTH = {
  name: 100,
  extId: 50,
  street: 100,
  streetNumber: 20,
  zipCode: 20,
  city: 100,
  vatNumber: 20,
  email: 254,
} as const;
type TextField = keyof typeof MAX_LENGTH;

/** EU countries a partner's address may lie in (ISO 3166-1 alpha-2); Belgium first. */
export const COUNTRIES = [
  'BE', 'NL', 'LU', 'FR', 'DE', 'AT', 'BG', 'CY', 'CZ', 'DK', 'EE', 'ES', 'FI', 'GR',
  'HR', 'HU', 'IE', 'IT', 'LT', 'LV', 'MT', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
] as const;
export const DEFAULT_COUNTRY = 'BE';

export interface PartnerValues {
  name: string;
  partnerType: string;
  extId: string;
  street: string;
  streetNumber: string;
  zipCode: string;
  city: string;
  country: string;
  vatNumber: string;
  email: string;
  sendInvoices: boolean;
  selfBilling: boolean;
  selectedBudgetTypes: string[];
}

export const EMPTY_PARTNER: PartnerValues = {
  name: '',
  partnerType: '',
  extId: '',
  street: '',
  streetNumber: '',
  zipCode: '',
  city: '',
  country: DEFAULT_COUNTRY,
  vatNumber: '',
  email: '',
  sendInvoices: false,
  selfBilling: false,
  selectedBudgetTypes: [],
};

/** The wizard's steps and the fields each checks before going on (and shows the server's errors for). */
export const IDENTITY_FIELDS = [
  'name',
  'partnerType',
  'extId',
  'street',
  'streetNumber',
  'zipCode',
  'city',
  'country',
  'vatNumber',
  'email',
] as const satisfies readonly Path<PartnerValues>[];
export const BILLING_FIELDS = ['sendInvoices', 'selfBilling'] as const satisfies readonly Path<PartnerValues>[];
export const BUDGET_FIELDS = ['selectedBudgetTypes'] as const satisfies readonly Path<PartnerValues>[];
export const PARTNER_FIELDS = [...IDENTITY_FIELDS, ...BILLING_FIELDS, ...BUDGET_FIELDS] as const;

/**
 * The server names the fields of partnerData with or without the prefix
 * (partnerData.name or name); both land on the form's field.
 */
export const SERVER_FIELD_MAP: Partial<Record<string, Path<PartnerValues>>> = Object.fromEntries(
  [...IDENTITY_FIELDS, ...BILLING_FIELDS].map((field) => [`partnerData.${field}`, field]),
);

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function usePartnerSchema() {
  const { t } = useTranslation('partners');
  return useMemo(() => {
    const rules = createRules(t);
    const tooLong = (field: TextField) => t('validation:maxLength', { label: t(`fields.${field}`), max: MAX_LENGTH[field] });
    const text = (field: TextField) => z.string().trim().max(MAX_LENGTH[field], tooLong(field));
    return z.object({
      name: rules.required(t('fields.name')).max(MAX_LENGTH.name, tooLong('name')),
      partnerType: z
        .string()
        .refine((value) => (PARTNER_TYPES as readonly string[]).includes(value), t('validation:required', { label: t('fields.partnerType') })),
      extId: rules.required(t('fields.extId')).max(MAX_LENGTH.extId, tooLong('extId')).pipe(rules.extId(t('fields.extId'))),
      street: text('street'),
      streetNumber: text('streetNumber'),
      zipCode: text('zipCode'),
      city: text('city'),
      country: rules.required(t('fields.country')),
      vatNumber: text('vatNumber'),
      email: text('email').refine((value) => !value || EMAIL_PATTERN.test(value), t('validation:email')),
      sendInvoices: z.boolean(),
      selfBilling: z.boolean(),
      selectedBudgetTypes: z.array(z.string()),
    });
  }, [t]);
}

export function usePartnerForm(defaultValues: PartnerValues) {
  const schema = usePartnerSchema();
  return useForm<PartnerValues>({ resolver: zodResolver(schema), defaultValues, mode: 'onTouched' });
}

export function toPartnerData(values: PartnerValues): PartnerData {
  return {
    name: values.name.trim(),
    extId: values.extId.trim(),
    partnerType: values.partnerType as PartnerType,
    street: values.street.trim(),
    streetNumber: values.streetNumber.trim(),
    zipCode: values.zipCode.trim(),
    city: values.city.trim(),
    country: values.country,
    vatNumber: values.vatNumber.trim(),
    email: values.email.trim(),
    sendInvoices: values.sendInvoices,
    selfBilling: values.selfBilling,
  };
}

export function fromPartner(partner: Partner): PartnerValues {
  return {
    name: partner.name ?? '',
    partnerType: partner.partnerType ?? '',
    extId: partner.extId ?? '',
    street: partner.street ?? '',
    streetNumber: partner.streetNumber ?? '',
    zipCode: partner.zipCode ?? '',
    city: partner.city ?? '',
    country: partner.country || DEFAULT_COUNTRY,
    vatNumber: partner.vatNumber ?? '',
    email: partner.email ?? '',
    sendInvoices: Boolean(partner.sendInvoices),
    selfBilling: Boolean(partner.selfBilling),
    selectedBudgetTypes: [...(partner.selectedBudgetTypes ?? [])],
  };
}
