// The corporate account as the settings screens edit it (WEB-COMMON contract;
// replaced by the generated schema's types once the server's contract is merged).

export type ContractType = 'OLYMPUS_B2B' | 'RESELLER_B2B' | 'BUSINESS_MOBILITY';
export type InvoiceSendingMethod = 'EMAIL' | 'PEPPOL';
export type InvoicePaymentMethod = 'MANUAL' | 'DIRECT_DEBIT';
export type CompanyPaymentType = 'PREPAID' | 'POSTPAID_WITH_SECURITY_DEPOSIT';

export const CONTRACT_TYPES: readonly ContractType[] = ['OLYMPUS_B2B', 'RESELLER_B2B', 'BUSINESS_MOBILITY'];
export const INVOICE_SENDING_METHODS: readonly InvoiceSendingMethod[] = ['EMAIL', 'PEPPOL'];
export const INVOICE_PAYMENT_METHODS: readonly InvoicePaymentMethod[] = ['MANUAL', 'DIRECT_DEBIT'];
export const PAYMENT_TYPES: readonly CompanyPaymentType[] = ['PREPAID', 'POSTPAID_WITH_SECURITY_DEPOSIT'];

export interface CorporateAccountDetails {
  ospId: string;
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
  iban: string;
  bic: string;
  poNumber: string;
  /** null: unlimited */
  maxUsers: number | null;
  twoFactorForAdmins: boolean;
  externalReferenceMandatory: boolean;
  contractType: ContractType;
  invoiceSendingMethod: InvoiceSendingMethod;
  invoicePaymentMethod: InvoicePaymentMethod;
  paymentType: CompanyPaymentType;
  /** cents */
  securityDepositAmount: number;
  /** cents */
  companyBudgetThreshold: number;
  /** read-only: the structured payment reference */
  paymentReference: string;
  partner: { ospId: string; name?: string };
  /** read-only: what the partner allows */
  allowedBudgetTypes: string[];
  selectedBudgetTypes: string[];
  appMenu: string[];
  active: boolean;
}

/** corporateAccount/update: the account's fields by ospId (partner by its ospId). */
export type CorporateAccountUpdate = Omit<CorporateAccountDetails, 'paymentReference' | 'allowedBudgetTypes' | 'active' | 'partner'> & {
  partnerOspId: string;
};

export interface PartnerOption {
  ospId: string;
  name: string;
}
