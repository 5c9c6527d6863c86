// The partner calls' shapes (WEB-COMMON.md). Until the server's contract is
// in the generated schema these are written here; afterwards they are the
// schema's own names.
import type { PartnerType } from '@/lib/api/types';

export const PARTNER_TYPES = ['MSP', 'MRP', 'RESELLER', 'ARTEMIS', 'MRP_MSP', 'RESELLER_B2B'] as const satisfies readonly PartnerType[];

/** SPEC §3: the budget types a partner may select for its companies. */
export const PARTNER_BUDGET_TYPES = [
  'MOBILITY_BUDGET',
  'BUSINESS_BUDGET',
  'CAFETERIA_BUDGET',
  'COMMUTING_BUDGET',
  'COMPANY_BUDGET',
] as const;
export type PartnerBudgetType = (typeof PARTNER_BUDGET_TYPES)[number];

export type LinkRelation = 'SUB' | 'SUPER';

/** The fields of a partner that the details form writes. */
export interface PartnerData {
  name: string;
  extId: string;
  partnerType: PartnerType;
  street: string;
  streetNumber: string;
  zipCode: string;
  city: string;
  country: string;
  vatNumber: string;
  email: string;
  sendInvoices: boolean;
  selfBilling: boolean;
}

export interface Partner extends PartnerData {
  ospId: string;
  active: boolean;
  selectedBudgetTypes: string[];
  selectedProducts?: string[];
  selectedServiceResources?: string[];
}

export interface CreatePartnerRequest {
  partnerData: PartnerData;
  selectedBudgetTypes: string[];
}

/** A selection left out keeps what is stored; an empty list clears it. */
export interface UpdatePartnerRequest {
  ospId: string;
  partnerData: PartnerData;
  selectedBudgetTypes?: string[];
  selectedProducts?: string[];
  selectedServiceResources?: string[];
  applyChangesToCorporateAccounts: boolean;
}

export interface RelatedPartners {
  superPartners: Partner[];
  subPartners: Partner[];
}

export interface RelatedPartnerRequest {
  ospId: string;
  relatedPartnerOspId: string;
  relation: LinkRelation;
}

/** Progress of a partner's deactivation (companies done of the total). */
export interface PartnerDeactivation {
  status: 'RUNNING' | 'DONE' | 'ACTIVATED';
  companiesDone: number;
  companiesTotal: number;
}
