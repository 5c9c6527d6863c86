import type { TFunction } from 'i18next';
import { z } from 'zod';
import { DEFAULT_COUNTRY, POSTPAID } from '@/lib/companyFields';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from '@/lib/constants';
import { toCents } from '@/lib/money';
import { compactCode, companyRules, createRules, moneyRule } from '@/lib/validation';
import type { CreateCorporateAccountRequest } from '../../api/types';

/** What the three steps of corporate-accounts/add hold. Money and numbers stay strings until sent. */
export interface CompanyFormValues {
  // 1 company details
  name: string;
  companyType: string;
  extId: string;
  street: string;
  streetNumber: string;
  zipCode: string;
  city: string;
  country: string;
  companyNumber: string;
  vatNumber: string;
  vatLiable: boolean;
  poNumber: string;
  /** '' = unlimited */
  maxUsers: string;
  // 2 contract, payment and invoicing
  contractType: string;
  paymentType: string;
  securityDepositAmount: string;
  companyBudgetThreshold: string;
  invoiceSendingMethod: string;
  invoicePaymentMethod: string;
  iban: string;
  bic: string;
  twoFactorForAdmins: boolean;
  externalReferenceMandatory: boolean;
  partnerOspId: string;
  // 3 budget types and the first admin
  selectedBudgetTypes: string[];
  firstAdmin: { firstname: string; lastname: string; email: string; language: Language };
}

export const EMPTY_COMPANY: CompanyFormValues = {
  name: '',
  // The server's default (absent: COMPANY), shown so the admin sees it.
  companyType: 'COMPANY',
  extId: '',
  street: '',
  streetNumber: '',
  zipCode: '',
  city: '',
  country: DEFAULT_COUNTRY,
  companyNumber: '',
  vatNumber: '',
  vatLiable: true,
  poNumber: '',
  maxUsers: '',
  contractType: '',
  paymentType: 'PREPAID',
  securityDepositAmount: '',
  companyBudgetThreshold: '',
  invoiceSendingMethod: 'EMAIL',
  invoicePaymentMethod: 'MANUAL',
  iban: '',
  bic: '',
  twoFactorForAdmins: false,
  externalReferenceMandatory: false,
  partnerOspId: '',
  selectedBudgetTypes: [],
  firstAdmin: { firstname: '', lastname: '', email: '', language: DEFAULT_LANGUAGE },
};

export type CompanyField =
  | Exclude<keyof CompanyFormValues, 'firstAdmin'>
  | `firstAdmin.${keyof CompanyFormValues['firstAdmin']}`;

/** Each step's fields, in the order shown; the stepper checks these before going on. */
export const STEP_FIELDS = {
  details: [
    'name', 'companyType', 'extId', 'street', 'streetNumber', 'zipCode', 'city', 'country', 'companyNumber',
    'vatNumber', 'vatLiable', 'poNumber', 'maxUsers',
  ],
  contract: [
    'contractType', 'paymentType', 'securityDepositAmount', 'companyBudgetThreshold', 'invoiceSendingMethod',
    'invoicePaymentMethod', 'iban', 'bic', 'twoFactorForAdmins', 'externalReferenceMandatory', 'partnerOspId',
  ],
  admin: ['selectedBudgetTypes', 'firstAdmin.firstname', 'firstAdmin.lastname', 'firstAdmin.email', 'firstAdmin.language'],
} as const satisfies Record<string, readonly CompanyField[]>;

export type StepKey = keyof typeof STEP_FIELDS;
export const STEPS = Object.keys(STEP_FIELDS) as StepKey[];

export const ALL_FIELDS: readonly CompanyField[] = STEPS.flatMap((step) => STEP_FIELDS[step]);

/** Server field names (errors[].field) that differ from the form's. */
export const SERVER_FIELD_MAP: Partial<Record<string, CompanyField>> = {
  partner: 'partnerOspId',
  'partner.ospId': 'partnerOspId',
  'data.extId': 'extId',
  'data.name': 'name',
  'data.paymentType': 'paymentType',
  'data.partner.ospId': 'partnerOspId',
};

/** The step that shows a field (server errors send the stepper back to it). */
export function stepOf(field: string): StepKey | null {
  const target = SERVER_FIELD_MAP[field] ?? field;
  return STEPS.find((step) => (STEP_FIELDS[step] as readonly string[]).includes(target)) ?? null;
}

const MAX_USERS_LIMIT = 1_000_000;

/**
 * The client's copy of the server's rules (internal/company): required
 * fields, identifiers by their check digits, and the rules between fields
 * (postpaid needs a deposit, Peppol a VAT number, direct debit IBAN and BIC,
 * platform staff name the partner).
 */
export function companySchema(t: TFunction, options: { partnerRequired: boolean }) {
  const rules = createRules(t);
  const ids = companyRules(t);
  const label = (field: string) => t(`companies:fields.${field}`);
  return z
    .object({
      name: rules.required(label('name')).pipe(rules.maxLength(label('name'), 200)),
      companyType: rules.required(label('companyType')),
      extId: rules.required(label('extId')).pipe(rules.maxLength(label('extId'), 100)).pipe(rules.extId(label('extId'))),
      street: rules.optional().pipe(rules.maxLength(label('street'), 255)),
      streetNumber: rules.optional().pipe(rules.maxLength(label('streetNumber'), 20)),
      zipCode: rules.optional().pipe(rules.maxLength(label('zipCode'), 20)),
      city: rules.optional().pipe(rules.maxLength(label('city'), 255)),
      country: rules.required(label('country')),
      companyNumber: z.string().trim(),
      vatNumber: z.string().trim(),
      vatLiable: z.boolean(),
      poNumber: rules.optional().pipe(rules.maxLength(label('poNumber'), 100)),
      maxUsers: z
        .string()
        .trim()
        .refine(
          (value) => !value || (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_USERS_LIMIT),
          t('validation:min', { label: label('maxUsers'), min: 1 }),
        ),
      contractType: rules.required(label('contractType')),
      paymentType: rules.required(label('paymentType')),
      securityDepositAmount: z.string(),
      companyBudgetThreshold: moneyRule(t, label('companyBudgetThreshold'), { required: false }),
      invoiceSendingMethod: rules.required(label('invoiceSendingMethod')),
      invoicePaymentMethod: rules.required(label('invoicePaymentMethod')),
      iban: ids.iban(label('iban')),
      bic: ids.bic(label('bic')),
      twoFactorForAdmins: z.boolean(),
      externalReferenceMandatory: z.boolean(),
      partnerOspId: z.string(),
      selectedBudgetTypes: z.array(z.string()),
      firstAdmin: z.object({
        firstname: rules.required(t('companies:fields.firstname')).pipe(rules.maxLength(t('companies:fields.firstname'), 100)),
        lastname: rules.required(t('companies:fields.lastname')).pipe(rules.maxLength(t('companies:fields.lastname'), 100)),
        email: rules.email(t('companies:fields.email')),
        language: z.enum(SUPPORTED_LANGUAGES),
      }),
    })
    // Runs even when other fields fail, so each step shows its own rules between fields.
    .superRefine((values, ctx) => {
      const fail = (path: CompanyField, message: string) =>
        ctx.addIssue({ code: 'custom', path: path.split('.'), message });
      const required = (field: string) => t('validation:required', { label: label(field) });
      const invalid = (field: CompanyField) => t('validation:invalid', { label: label(field) });

      const belgian = values.country === 'BE' || compactCode(values.companyNumber).startsWith('BE');
      if (values.companyNumber && belgian && !ids.belgianNumber('').safeParse(values.companyNumber).success) {
        fail('companyNumber', invalid('companyNumber'));
      }
      if (values.vatNumber && !ids.vatNumber('').safeParse(values.vatNumber).success) {
        fail('vatNumber', invalid('vatNumber'));
      }
      if (values.invoiceSendingMethod === 'PEPPOL' && !values.vatNumber) fail('vatNumber', required('vatNumber'));
      if (values.invoicePaymentMethod === 'DIRECT_DEBIT') {
        if (!values.iban) fail('iban', required('iban'));
        if (!values.bic) fail('bic', required('bic'));
      }
      if (values.paymentType === POSTPAID) {
        const deposit = moneyRule(t, label('securityDepositAmount'), { min: 0.01 }).safeParse(values.securityDepositAmount);
        if (!deposit.success) fail('securityDepositAmount', deposit.error.issues[0]!.message);
      }
      if (options.partnerRequired && !values.partnerOspId) fail('partnerOspId', required('partner'));
    }, { when: () => true });
}

type Request = CreateCorporateAccountRequest;

const optional = (value: string) => value.trim() || undefined;

/** The create call's body. Money goes as cents; an empty max users means unlimited (null). */
export function toCreateRequest(values: CompanyFormValues): CreateCorporateAccountRequest {
  const postpaid = values.paymentType === POSTPAID;
  return {
    name: values.name.trim(),
    companyType: values.companyType,
    extId: values.extId.trim(),
    street: optional(values.street),
    streetNumber: optional(values.streetNumber),
    zipCode: optional(values.zipCode),
    city: optional(values.city),
    country: values.country,
    companyNumber: optional(values.companyNumber),
    vatNumber: optional(values.vatNumber),
    vatLiable: values.vatLiable,
    iban: optional(values.iban),
    bic: optional(values.bic),
    poNumber: optional(values.poNumber),
    // Absent: unlimited.
    ...(values.maxUsers.trim() ? { maxUsers: Number(values.maxUsers) } : {}),
    twoFactorForAdmins: values.twoFactorForAdmins,
    externalReferenceMandatory: values.externalReferenceMandatory,
    // The schema checked these are set; the Selects offer only the API's values.
    contractType: values.contractType as Request['contractType'],
    invoiceSendingMethod: values.invoiceSendingMethod as Request['invoiceSendingMethod'],
    invoicePaymentMethod: values.invoicePaymentMethod as Request['invoicePaymentMethod'],
    paymentType: values.paymentType as Request['paymentType'],
    ...(postpaid ? { securityDepositAmount: toCents(values.securityDepositAmount) ?? 0 } : {}),
    ...(values.companyBudgetThreshold.trim() ? { companyBudgetThreshold: toCents(values.companyBudgetThreshold) ?? 0 } : {}),
    ...(values.partnerOspId ? { partnerOspId: values.partnerOspId } : {}),
    // Absent: the partner's types (when it allows none, there is nothing to choose).
    ...(values.selectedBudgetTypes.length > 0 ? { selectedBudgetTypes: values.selectedBudgetTypes } : {}),
    firstAdmin: {
      firstname: values.firstAdmin.firstname.trim(),
      lastname: values.firstAdmin.lastname.trim(),
      email: values.firstAdmin.email.trim(),
      language: values.firstAdmin.language,
    },
  };
}
