export const companyProductKeys = {
  all: ['companyProducts'] as const,
  view: (corporateAccountOspId: string) => ['companyProducts', 'view', corporateAccountOspId] as const,
  /** travel/compensation/get: the company's trip configuration. */
  travelCompensation: (corporateAccountOspId: string) => ['companyProducts', 'travelCompensation', corporateAccountOspId] as const,
  /** travel/taxFreeRate/findAll: the platform's tax-free rates (the same for every company). */
  taxFreeRates: () => ['companyProducts', 'taxFreeRates'] as const,
};
