export const companyProductKeys = {
  all: ['companyProducts'] as const,
  view: (corporateAccountOspId: string) => ['companyProducts', 'view', corporateAccountOspId] as const,
};
