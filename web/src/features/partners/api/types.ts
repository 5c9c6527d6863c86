// The partner calls' types, named from the server's OpenAPI document.
import type { components } from '@/lib/api/schema';
import type { PartnerType } from '@/lib/api/types';

type Schemas = components['schemas'];

export const PARTNER_TYPES = ['MSP', 'MRP', 'RESELLER', 'ARTEMIS', 'MRP_MSP', 'RESELLER_B2B'] as const satisfies readonly PartnerType[];

/** SPEC §3: the budget types a partner may select for its companies. */
export const PARTNER_BUDGET_TYPES = [
  'MOBILITY_BUDGET',
  'BUSINESS_BUDGET',
  'CAFETERIA_BUDGET',
  'COMMUTING_BUDGET',
  'COMPANY_BUDGET',
] as const;

export type LinkRelation = Schemas['PartnerLinkRequest']['relation'];

/** The fields of a partner that the details form writes. */
export type PartnerData = Schemas['PartnerPartnerData'];
/** One partner with everything its screens show (getAll, get, create, update). */
export type Partner = Schemas['PartnerDetail'];
/** A partner as the linked-partner lists show it. */
export type PartnerSummary = Schemas['PartnerSummary'];
export type CreatePartnerRequest = Schemas['PartnerCreateRequest'];
/** A selection left out keeps what is stored; an empty list clears it. */
export type UpdatePartnerRequest = Schemas['PartnerUpdateRequest'];
export type RelatedPartners = Schemas['PartnerRelated'];
export type RelatedPartnerRequest = Schemas['PartnerLinkRequest'];
/** Progress of a partner's deactivation: RUNNING, then DONE; ACTIVATED once active again. */
export type PartnerDeactivation = Schemas['DeactivationPartnerDeactivation'];
