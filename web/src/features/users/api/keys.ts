// Query keys of the users feature. Every key starts with 'users' so a write
// can invalidate everything it may have changed in one call.
export const userKeys = {
  all: ['users'] as const,
  lists: () => ['users', 'list'] as const,
  list: (filter: unknown) => ['users', 'list', filter] as const,
  searches: () => ['users', 'search'] as const,
  search: (filter: unknown) => ['users', 'search', filter] as const,
  detail: (ospId: string) => ['users', 'detail', ospId] as const,
  roles: (ospId: string) => ['users', 'detail', ospId, 'roles'] as const,
  groups: (ospId: string) => ['users', 'detail', ospId, 'groups'] as const,
  tokens: (ospId: string) => ['users', 'detail', ospId, 'tokens'] as const,
  parking: (ospId: string, page: number) => ['users', 'detail', ospId, 'parking', page] as const,
  verifyLogin: (login: string, userOspId?: string) => ['users', 'verifyLogin', login, userOspId ?? null] as const,
  verifyContractId: (contractId: string, company: string, userOspId?: string) =>
    ['users', 'verifyContractId', contractId, company, userOspId ?? null] as const,
  groupOptions: (corporateAccountOspId: string) => ['users', 'groupOptions', corporateAccountOspId] as const,
  // Reference lists that do not change while the app runs.
  assignableRoles: () => ['users', 'ref', 'assignableRoles'] as const,
  contactTypes: () => ['users', 'ref', 'contactTypes'] as const,
  tokenTypes: () => ['users', 'ref', 'tokenTypes'] as const,
  companyTypes: () => ['users', 'ref', 'companyTypes'] as const,
};
