export const settingsKeys = {
  all: ['companySettings'] as const,
  budgetTypes: (corporateAccountOspId: string) => ['companySettings', 'budgetTypes', corporateAccountOspId] as const,
  usageReasons: (corporateAccountOspId: string) => ['companySettings', 'usageReasons', corporateAccountOspId] as const,
};
