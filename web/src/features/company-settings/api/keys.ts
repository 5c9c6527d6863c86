export const settingsKeys = {
  all: ['companySettings'] as const,
  budgetTypes: (corporateAccountOspId: string) => ['companySettings', 'budgetTypes', corporateAccountOspId] as const,
  usageReasons: (corporateAccountOspId: string) => ['companySettings', 'usageReasons', corporateAccountOspId] as const,
  account: (ospId: string) => ['companySettings', 'account', ospId] as const,
  availability: (ospId: string) => ['companySettings', 'availability', ospId] as const,
  companyTypes: () => ['companySettings', 'companyTypes'] as const,
  appMenuTypes: () => ['companySettings', 'appMenuTypes'] as const,
  partners: () => ['companySettings', 'partners'] as const,
};

/**
 * A company's offer shows on company/products and, when a product leaves
 * it, on its user groups' products tabs (keys start with these). Named
 * here rather than imported: features do not import each other.
 */
export const OFFER_QUERY_ROOTS = [['companyProducts'], ['userGroups']] as const;
