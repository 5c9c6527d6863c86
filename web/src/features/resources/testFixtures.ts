// Answers of the resource calls for the feature's tests.
import type { AnyResource, Fee, ResourceOf } from './api/types';

export const PARTNERS = [
  { ospId: 'p-bb', name: 'Blue-bike', extId: 'BLUEBIKE', partnerType: 'MRP', active: true, data: { extId: 'BLUEBIKE' } },
  { ospId: 'p-tot', name: 'TotalEnergies', extId: 'TOTAL', partnerType: 'MRP', active: true, data: { extId: 'TOTAL' } },
];

export const MODES = [
  { value: 'BIKE', label: 'Bike' },
  { value: 'FUEL', label: 'Fuel' },
  { value: 'TRAIN', label: 'Train' },
];

export const LABELS_PAGE = {
  content: [
    { ospId: 'l-24', defaultValue: '24/7', text: 'Open 24/7', labelTranslations: [], active: true, resourceCount: 3 },
    { ospId: 'l-ev', defaultValue: 'EV', text: 'Electric', labelTranslations: [], active: true, resourceCount: 1 },
  ],
  page: 1,
  size: 1000,
  totalElements: 2,
  totalPages: 1,
};

export const monthlyFee: Fee = {
  feeType: 'FIXED',
  amount: 1250,
  unit: '',
  vatPercent: 21,
  cron: '0 0 1 * *',
  proRata: true,
  onUserBudget: false,
  description: 'Subscription',
  nextOccurrences: [],
};

const base = {
  description: '',
  active: true,
  mrpPartner: { ospId: 'p-tot', name: 'TotalEnergies' },
  labels: [{ ospId: 'l-24', defaultValue: '24/7', text: 'Open 24/7' }],
  fees: [] as Fee[],
  createdOn: '2026-01-05T10:00:00Z',
  updatedOn: '2026-01-05T10:00:00Z',
};

export const gasStation: ResourceOf<'gasstation'> = {
  ...base,
  ospId: 'gs-1',
  kind: 'gasstation',
  extId: 'TOTAL-GENT-1',
  name: 'Total Gent Dok',
  mobilityMode: 'FUEL',
  address: { street: 'Dok-Noord', streetNumber: '4', zipCode: '9000', city: 'Gent' },
  latitude: 51.0652,
  longitude: 3.7306,
  numberOfPumps: 8,
  fees: [monthlyFee],
};

export const bikeStation: ResourceOf<'bike'> = {
  ...base,
  ospId: 'bk-1',
  kind: 'bike',
  extId: 'BB-GENT-SP',
  name: 'Blue-bike Gent-Sint-Pieters',
  mobilityMode: 'BIKE',
  mrpPartner: { ospId: 'p-bb', name: 'Blue-bike' },
  address: { street: 'Koningin Maria Hendrikaplein', streetNumber: '1', zipCode: '9000', city: 'Gent' },
  latitude: 51.0357,
  longitude: 3.7107,
  capacity: 40,
};

export const service: ResourceOf<'service'> = {
  ...base,
  ospId: 'sv-1',
  kind: 'service',
  extId: 'NMBS-TICKETS',
  name: 'NMBS tickets',
  mobilityMode: 'TRAIN',
  icon: { contentType: 'image/png', width: 64, height: 64, size: 2048, version: 'v1', fileName: 'nmbs.png' },
};

export const page = <T extends AnyResource>(content: T[], totalElements = content.length) => ({
  content,
  page: 1,
  size: 10,
  totalElements,
  totalPages: Math.max(1, Math.ceil(totalElements / 10)),
});
