export const groupKeys = {
  all: ['userGroups'] as const,
  lists: () => ['userGroups', 'list'] as const,
  list: (filter: unknown) => ['userGroups', 'list', filter] as const,
  detail: (ospId: string) => ['userGroups', 'detail', ospId] as const,
  members: (ospId: string, filter: unknown) => ['userGroups', 'detail', ospId, 'members', filter] as const,
  candidates: (ospId: string, search: string) => ['userGroups', 'detail', ospId, 'candidates', search] as const,
  products: (ospId: string) => ['userGroups', 'detail', ospId, 'products'] as const,
  serviceResources: (ospId: string) => ['userGroups', 'detail', ospId, 'serviceResources'] as const,
  offeredAll: () => ['userGroups', 'offeredProducts'] as const,
  offered: (corporateAccountOspId: string) => ['userGroups', 'offeredProducts', corporateAccountOspId] as const,
  defaultUsers: (corporateAccountOspId: string, productOspId: string) =>
    ['userGroups', 'defaultUsers', corporateAccountOspId, productOspId] as const,
};

/**
 * Membership and group changes also show in the users feature (a user's
 * groups, the group options of the add-user form); its keys start with
 * 'users'. Named here rather than imported: features do not import each other.
 */
export const USERS_QUERY_ROOT = ['users'] as const;

/** A grant or revoke changes the company/products list too (keys start with this). */
export const COMPANY_PRODUCTS_QUERY_ROOT = ['companyProducts'] as const;
