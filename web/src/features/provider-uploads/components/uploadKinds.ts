import type { ProviderUploadKind } from '@/lib/api/types';

/** One tab of the backoffice uploads page: its route segment and the server's kind. */
export interface UploadTab {
  path: string;
  kind: ProviderUploadKind;
  /** The file's format, for the file picker and the template's name. */
  format: 'csv' | 'xlsx' | 'xml';
}

/**
 * The tabs of uploads, in SPEC §2's order (vouchers, surcharges, cambio,
 * line, KBC, NMBS, swapfiets, BlueBikeEvents, BeMobile, Charging). The
 * vouchers and cambio tabs have calls of their own (PAGE_TABS).
 */
export const UPLOAD_TABS: readonly UploadTab[] = [
  { path: 'surcharges', kind: 'SURCHARGES', format: 'csv' },
  { path: 'line', kind: 'LINE', format: 'csv' },
  { path: 'kbc', kind: 'KBC', format: 'xlsx' },
  { path: 'nmbs', kind: 'NMBS', format: 'csv' },
  { path: 'swapfiets', kind: 'SWAPFIETS', format: 'csv' },
  { path: 'bluebike-events', kind: 'BLUEBIKE_EVENTS', format: 'csv' },
  { path: 'bemobile', kind: 'BEMOBILE', format: 'xml' },
  { path: 'charging', kind: 'CHARGING', format: 'csv' },
];

/**
 * Every tab of the page in SPEC §2's order: the provider kinds above, and
 * the vouchers and cambio tabs, whose routes (app/routes.tsx) show the
 * vouchers feature's pages.
 */
export const PAGE_TABS: readonly { path: string; label: string }[] = [
  { path: 'vouchers', label: 'VOUCHERS' },
  { path: 'surcharges', label: 'SURCHARGES' },
  { path: 'cambio', label: 'CAMBIO' },
  ...UPLOAD_TABS.filter((tab) => tab.kind !== 'SURCHARGES').map((tab) => ({ path: tab.path, label: tab.kind })),
];

export const ACCEPT: Record<UploadTab['format'], string> = {
  csv: '.csv,text/csv',
  xlsx: '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xml: '.xml,application/xml,text/xml',
};

export function tabOf(path: string | undefined): UploadTab | undefined {
  return UPLOAD_TABS.find((tab) => tab.path === path);
}
