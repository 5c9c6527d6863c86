import dayjs, { type Dayjs } from 'dayjs';
import { API_MONTH_FORMAT } from '@/lib/constants';

// The dashboard overview's rules (SPEC §2 Dashboard, §4, §9) as pure
// functions, so the tests can check them without rendering a chart.

/** A range of whole months in yyyyMM (SPEC §9), both ends included. */
export interface MonthRange {
  from: string;
  to: string;
}

const month = (day: Dayjs) => day.format(API_MONTH_FORMAT);

/** The default period: the current month (SPEC §9). */
export function defaultPeriod(today: Date = new Date()): MonthRange {
  const now = month(dayjs(today));
  return { from: now, to: now };
}

/** The default timeline range: the last 12 months, this one included (SPEC §9). */
export function defaultTimelineRange(today: Date = new Date()): MonthRange {
  const now = dayjs(today);
  return { from: month(now.subtract(11, 'month')), to: month(now) };
}

/** yyyyMM → the picker's yyyy-MM-01. */
export function monthToPicker(value: string): string {
  return `${value.slice(0, 4)}-${value.slice(4, 6)}-01`;
}

/** The picker's yyyy-MM-dd → yyyyMM. */
export function pickerToMonth(value: string): string {
  return value.slice(0, 7).replace('-', '');
}

/**
 * A range from the picker: both ends chosen, none after the current month
 * (the pickers refuse the future; this holds whatever the input) and at
 * most MAX_RANGE_MONTHS long. Null
 * while the range is incomplete.
 */
export function rangeFromPicker(
  value: [string | null, string | null],
  today: Date = new Date(),
): MonthRange | null {
  const [from, to] = value;
  if (!from) return null;
  const last = month(dayjs(today));
  const end = pickerToMonth(to ?? from);
  const clampedTo = end > last ? last : end;
  let start = pickerToMonth(from);
  if (start > clampedTo) start = clampedTo;
  // The server answers at most MAX_RANGE_MONTHS months: a longer range keeps its last ones.
  const earliest = month(dayjs(monthToPicker(clampedTo)).subtract(MAX_RANGE_MONTHS - 1, 'month'));
  if (start < earliest) start = earliest;
  return { from: start, to: clampedTo };
}

/** The longest range the dashboard calls accept (reporting: at most 24 months). */
export const MAX_RANGE_MONTHS = 24;
/** The first month the dashboard calls accept. */
export const FIRST_MONTH = '2000-01-01';

/** A timeline point as the chart draws it. */
export interface ChartPoint {
  month: string;
  /** The label under the axis (MM/yyyy). */
  label: string;
  value: number;
}

/**
 * The points the timeline draws. A single month shows three identical points
 * (SPEC §4), so the line is visible; the month is repeated.
 */
export function timelinePoints(points: { month: string; value: number }[], formatMonth: (month: string) => string): ChartPoint[] {
  const drawn = points.map((p) => ({ month: p.month, label: formatMonth(p.month), value: p.value }));
  if (drawn.length !== 1) return drawn;
  const only = drawn[0]!;
  // Distinct keys for the chart, the same label and value.
  return [
    { ...only, month: `${only.month}-a` },
    { ...only, month: `${only.month}-b` },
    { ...only, month: `${only.month}-c` },
  ];
}

/** The seven fixed colours of the expenses pie (SPEC §9), taken in turn. */
export const PIE_COLORS = [
  'blue.6',
  'teal.6',
  'yellow.6',
  'grape.6',
  'orange.6',
  'cyan.7',
  'pink.6',
] as const;

export type PieSize = 'small' | 'medium' | 'large' | 'extraLarge';

/** small, medium (> 5 items), large (> 10), extra-large (> 15) (SPEC §9). */
export function pieSize(items: number): PieSize {
  if (items > 15) return 'extraLarge';
  if (items > 10) return 'large';
  if (items > 5) return 'medium';
  return 'small';
}

/** The chart's diameter in pixels per size class. */
export const PIE_PIXELS: Record<PieSize, number> = { small: 160, medium: 200, large: 240, extraLarge: 280 };

export interface PieSliceInput {
  key: string;
  label: string;
  count: number;
  totalPriceVatIncl: number;
}

export interface PieItem {
  key: string;
  name: string;
  /** cents incl. VAT */
  cents: number;
  count: number;
  color: string;
}

/** The pie's slices: zero values left out, colours given in turn (SPEC §9). */
export function pieItems(slices: PieSliceInput[]): PieItem[] {
  return slices
    .filter((s) => s.totalPriceVatIncl !== 0)
    .map((s, index) => ({
      key: s.key,
      name: s.label || s.key,
      cents: s.totalPriceVatIncl,
      count: s.count,
      color: PIE_COLORS[index % PIE_COLORS.length]!,
    }));
}

/** Cents summed, then shown as euros (SPEC §9: summed in cents, divided by 100). */
export function sumCents(values: (number | null | undefined)[]): number {
  return values.reduce<number>((sum, value) => sum + (value ?? 0), 0);
}

export function centsToEuros(cents: number): number {
  return cents / 100;
}

/** Who looks at the dashboard, and what about. */
export interface TileViewer {
  msp: boolean;
  reportingManager: boolean;
  userManager: boolean;
  /** The company being looked at pays in advance (PREPAID). */
  prepaid: boolean;
  /** The server gave a company budget for the filter. */
  hasBudgetData: boolean;
}

export type TileKey =
  | 'activeUsers'
  | 'newUsers'
  | 'expenses'
  | 'transactions'
  | 'negativeBudget'
  | 'companyBudget';

/**
 * The tiles a viewer gets (SPEC §2 Dashboard), in display order. MSP
 * users' active corporate accounts tile is the dashboard's own
 * (ActiveCompaniesTile): it counts the company listing of the filters,
 * pages of 1000 up to 20, and says so when a page failed.
 */
export function visibleTiles(viewer: TileViewer): TileKey[] {
  const tiles: TileKey[] = ['activeUsers', 'newUsers', 'expenses', 'transactions', 'negativeBudget'];
  // Prepaid companies, or MSP users when budget data exists.
  if (viewer.hasBudgetData && (viewer.prepaid || viewer.msp)) tiles.push('companyBudget');
  return tiles;
}

/**
 * The tiles whose screen is a report (new users: the users report;
 * expenses: the expenses per mobility mode): they open the reporting
 * screen, and are clickable only for the reporting_manager role (SPEC §2).
 */
export const REPORT_TILES: readonly TileKey[] = ['newUsers', 'expenses'];

export function isReportTile(tile: TileKey): boolean {
  return REPORT_TILES.includes(tile);
}
