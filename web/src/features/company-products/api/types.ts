import type { components } from '@/lib/api/schema';

type Schemas = components['schemas'];

/** A product the company offers, with the user groups that may use it. */
export type CompanyProduct = Schemas['ProductaccessCompanyProduct'];
export type ProductGroup = Schemas['ProductaccessGroupRef'];
