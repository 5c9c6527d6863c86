// Query keys of the corporate-accounts feature; every key starts with
// 'corporateAccounts' so a create can refresh all lists at once.
export const companyKeys = {
  all: ['corporateAccounts'] as const,
  lists: () => ['corporateAccounts', 'list'] as const,
  list: (filter: unknown) => ['corporateAccounts', 'list', filter] as const,
  partners: () => ['corporateAccounts', 'ref', 'partners'] as const,
  partner: (ospId: string) => ['corporateAccounts', 'ref', 'partner', ospId] as const,
  companyTypes: () => ['corporateAccounts', 'ref', 'companyTypes'] as const,
};
