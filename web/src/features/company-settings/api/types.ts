import type { components } from '@/lib/api/schema';
import type { Body } from '@/lib/api/typed';

// The corporate account as the settings screens edit it (SPEC §3).

export type CorporateAccountDetails = components['schemas']['CompanyCorporateAccount'];
/** What the company's partner allows, each marked with whether the company offers it. */
export type Availability = components['schemas']['ProductaccessAvailability'];
/** corporateAccount/update: every field but ospId optional; an absent one is kept. */
export type CorporateAccountUpdate = Body<'/portal-service/v1/corporateAccount/update'>;
export type ContractType = CorporateAccountDetails['contractType'];
export type InvoiceSendingMethod = CorporateAccountDetails['invoiceSendingMethod'];
export type InvoicePaymentMethod = CorporateAccountDetails['invoicePaymentMethod'];
export type CompanyPaymentType = CorporateAccountDetails['paymentType'];

export const CONTRACT_TYPES: readonly ContractType[] = ['OLYMPUS_B2B', 'RESELLER_B2B', 'BUSINESS_MOBILITY'];
export const INVOICE_SENDING_METHODS: readonly InvoiceSendingMethod[] = ['EMAIL', 'PEPPOL'];
export const INVOICE_PAYMENT_METHODS: readonly InvoicePaymentMethod[] = ['MANUAL', 'DIRECT_DEBIT'];
export const PAYMENT_TYPES: readonly CompanyPaymentType[] = ['PREPAID', 'POSTPAID_WITH_SECURITY_DEPOSIT'];
