// INTERIM: the shapes of WEB-COMMON.md until the server's contract is in
// schema.ts; then these become aliases of the generated types.
import type { CorporateAccount, PartnerType } from '@/lib/api/types';

export interface FirstAdmin {
  firstname: string;
  lastname: string;
  email: string;
  language: string;
}

export interface CreateCorporateAccountRequest {
  name: string;
  companyType: string;
  extId: string;
  street?: string;
  streetNumber?: string;
  zipCode?: string;
  city?: string;
  country: string;
  companyNumber?: string;
  vatNumber?: string;
  vatLiable: boolean;
  iban?: string;
  bic?: string;
  poNumber?: string;
  maxUsers?: number;
  twoFactorForAdmins: boolean;
  externalReferenceMandatory: boolean;
  contractType: string;
  invoiceSendingMethod: string;
  invoicePaymentMethod: string;
  paymentType: string;
  securityDepositAmount?: number;
  companyBudgetThreshold?: number;
  partnerOspId?: string;
  selectedBudgetTypes: string[];
  firstAdmin: FirstAdmin;
}

export type CorporateAccountListItem = CorporateAccount;

export interface PartnerSummary {
  ospId: string;
  name: string;
  partnerType: PartnerType | string;
  active: boolean;
  selectedBudgetTypes?: string[];
}
