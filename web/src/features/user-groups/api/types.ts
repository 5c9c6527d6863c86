import type { components } from '@/lib/api/schema';

type Schemas = components['schemas'];

// The product permission calls' types (SPEC §7), named from the server's OpenAPI document.

/** Grant or revoke: a group and the products. */
export type GrantRequest = Schemas['ProductaccessGrantRequest'];
/** What a group may use (the answer of grant, revoke and findByUserGroup). */
export type GroupProducts = Schemas['ProductaccessGroupProducts'];
export type ProductSummary = Schemas['ProductaccessProductSummary'];
export type ServiceResourceSummary = Schemas['ProductaccessServiceResourceSummary'];
export type DefaultUser = Schemas['ProductaccessDefaultUser'];
