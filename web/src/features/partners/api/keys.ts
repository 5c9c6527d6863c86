export const partnerKeys = {
  all: ['partners'] as const,
  lists: () => ['partners', 'list'] as const,
  list: (filter: unknown) => ['partners', 'list', filter] as const,
  detail: (ospId: string) => ['partners', 'detail', ospId] as const,
  related: (ospId: string) => ['partners', 'detail', ospId, 'related'] as const,
  deactivation: (ospId: string) => ['partners', 'detail', ospId, 'deactivation'] as const,
  products: () => ['partners', 'catalogue', 'products'] as const,
  disallowed: () => ['partners', 'catalogue', 'disallowed'] as const,
  serviceResources: () => ['partners', 'catalogue', 'serviceResources'] as const,
};

/**
 * A partner's changes show in the company lists and selectors too (their
 * keys start with these). Named here rather than imported: features do not
 * import each other.
 */
export const COMPANY_QUERY_ROOTS = [
  ['corporateAccount'],
  ['corporateAccounts'],
  ['companySettings'],
  ['session', 'corporateAccount'],
  // what the companies offer and their groups may use
  ['companyProducts'],
  ['userGroups'],
] as const;
