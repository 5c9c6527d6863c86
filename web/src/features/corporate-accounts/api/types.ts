// Names for the generated API types this feature uses.
import type { Body, Reply } from '@/lib/api/typed';

export type CreateCorporateAccountRequest = Body<'/portal-service/v1/corporateAccount/create'>;
export type FirstAdmin = CreateCorporateAccountRequest['firstAdmin'];
export type PartnerSummary = Reply<'/portal-service/v1/partner/get'>;
