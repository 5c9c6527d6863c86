export const settingsKeys = {
  all: ['companySettings'] as const,
  budgetTypes: (corporateAccountOspId: string) => ['companySettings', 'budgetTypes', corporateAccountOspId] as const,
  usageReasons: (corporateAccountOspId: string) => ['companySettings', 'usageReasons', corporateAccountOspId] as const,
  account: (ospId: string) => ['companySettings', 'account', ospId] as const,
  companyTypes: () => ['companySettings', 'companyTypes'] as const,
  appMenuTypes: () => ['companySettings', 'appMenuTypes'] as const,
  partners: () => ['companySettings', 'partners'] as const,
};
