import { USER_BUDGET_TYPES } from './constants';

// The corporate account's fixed value lists (SPEC §3, issue 9), shared by
// the corporate-accounts list and wizard and the company-details screen.

export const CONTRACT_TYPES = ['OLYMPUS_B2B', 'RESELLER_B2B', 'BUSINESS_MOBILITY'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];

export const PAYMENT_TYPES = ['PREPAID', 'POSTPAID_WITH_SECURITY_DEPOSIT'] as const;
export const POSTPAID = 'POSTPAID_WITH_SECURITY_DEPOSIT';

export const INVOICE_SENDING_METHODS = ['EMAIL', 'PEPPOL'] as const;
export type InvoiceSendingMethod = (typeof INVOICE_SENDING_METHODS)[number];

export const INVOICE_PAYMENT_METHODS = ['MANUAL', 'DIRECT_DEBIT'] as const;
export type InvoicePaymentMethod = (typeof INVOICE_PAYMENT_METHODS)[number];

/**
 * Budget types a company may offer its employees: the users' budget types
 * (the company budget is the company's own, not offered), narrowed by its
 * partner's selection.
 */
export const COMPANY_BUDGET_TYPES: readonly string[] = USER_BUDGET_TYPES;

export const DEFAULT_COUNTRY = 'BE';

/** The countries a company's address may be in (alpha-2); names come from Intl in the UI language. */
export const COMPANY_COUNTRIES = [
  'BE', 'NL', 'LU', 'FR', 'DE', 'AT', 'BG', 'CH', 'CY', 'CZ', 'DK', 'EE', 'ES', 'FI', 'GB', 'GR', 'HR', 'HU',
  'IE', 'IT', 'LT', 'LV', 'MT', 'NO', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
] as const;

/** A country's name in the given language, or its code when the browser cannot name it. */
export function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
