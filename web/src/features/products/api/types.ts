// The product calls' types, named from the server's OpenAPI document.
import type { components } from '@/lib/api/schema';

type Schemas = components['schemas'];

export type Product = Schemas['ProductProduct'];
export type ProductFilter = Schemas['ProductFilterRequest'];
export type ProductPage = Schemas['PageOfProductProduct'];
export type MobilityMode = Product['mobilityMode'];
export type CreateProductRequest = Schemas['ProductCreateRequest'];
export type UpdateProductRequest = Schemas['ProductUpdateRequest'];
export type ProductLabelInput = Schemas['ProductLabelInput'];
export type ElementKind = Schemas['ProductElement']['kind'];
export type ElementDetail = Schemas['ProductElementDetail'];
export type CompositionDetails = Schemas['ProductCompositionDetails'];
export type AddElementsRequest = Schemas['ProductAddRequest'];
export type UpdateElementRequest = Schemas['ProductUpdateElementRequest'];
export type PlatformProduct = Schemas['ProductaccessPlatformProduct'];
export type ResourceGroup = Schemas['ResourceGroup'];
export type ResourceSummary = Schemas['ResourceSummary'];

/** The kinds a composition holds, in the order the composition tab offers them. */
export const ELEMENT_KINDS = ['RESOURCE_GROUP', 'SERVICE', 'RENTAL_CAR'] as const satisfies readonly ElementKind[];

/** The server's limits (internal/product/model.go). */
export const PRODUCT_LIMITS = {
  extId: 50,
  label: 200,
  html: 5000,
  search: 100,
  /** composition/add takes at most this many ids a call. */
  addPerCall: 100,
} as const;
