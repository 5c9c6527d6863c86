import type { components } from '@/lib/api/schema';

type Schemas = components['schemas'];

/** A product the company offers, with the user groups that may use it. */
export type CompanyProduct = Schemas['ProductaccessCompanyProduct'];
export type ProductGroup = Schemas['ProductaccessGroupRef'];

/** A company's trip configuration (SPEC §3): money in cents, rates per km in micro-euros. */
export type TravelCompensation = Schemas['TripTravelCompensation'];
export type CarCommuteCompensationType = TravelCompensation['carCommuteCompensationType'];
export type BusinessTripCarType = TravelCompensation['businessTripCarType'];
/** One period of a kind's tax-free rate (micro-euros per km). */
export type TaxFreeRate = Schemas['TripTaxFreeRate'];
export type TaxFreeRateKind = TaxFreeRate['kind'];

export const CAR_COMMUTE_COMPENSATION_TYPES = ['PER_KILOMETER', 'PER_TRIP', 'PER_DAY'] as const satisfies readonly CarCommuteCompensationType[];
/** '' is "no car": business trips use at most one car type. */
export const BUSINESS_TRIP_CAR_TYPES = ['', 'PRIVATE_CAR', 'COMPANY_CAR'] as const satisfies readonly BusinessTripCarType[];
