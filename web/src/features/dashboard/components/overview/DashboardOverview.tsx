import { Card, Center, Group, Loader, SimpleGrid, Stack, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ErrorState';
import type { SessionUser } from '@/lib/api/types';
import { SEARCH_DEBOUNCE_MS } from '@/lib/constants';
import { namedRoutes } from '@/lib/routes';
import { useFigures, usePie, useTimeline, type OverviewFilter, type PieType, type TimelineType } from '../../api/overview';
import { CompanyTable } from './CompanyTable';
import { FigureTiles } from './FigureTiles';
import { MonthRangePicker } from './MonthRangePicker';
import { defaultPeriod, defaultTimelineRange, type MonthRange } from './rules';
import { isMsp, tileLinks, tileViewer, type ViewedCompany } from './viewer';

// One chunk for both charts (see charts.ts).
const loadCharts = () => import('./charts');
const TimelineChart = lazy(() => loadCharts().then((m) => ({ default: m.TimelineChart })));
const ExpensesPie = lazy(() => loadCharts().then((m) => ({ default: m.ExpensesPie })));

/** Where a chart will be while its code arrives. */
function ChartPlaceholder({ label }: { label: string }) {
  return (
    <Card withBorder padding="lg">
      <Center h={300} role="status" aria-label={label}>
        <Loader size="sm" />
      </Center>
    </Card>
  );
}

interface Props {
  user: SessionUser;
  /** The company being looked at (a company user's own, an MSP user's selection), or null. */
  companyOspId: string | null;
  company: ViewedCompany | null;
  /** The dashboard's partner and company-type filters (platform staff). */
  filters: { partnerOspId: string | null; companyType: string | null };
}

/** The scope of the figures: one company, else the partner's (staff) or all the MSP user sees. */
export function overviewScope(
  user: Pick<SessionUser, 'roles' | 'isMsp' | 'isOspAdmin' | 'partner'>,
  companyOspId: string | null,
  filters: Props['filters'],
): Omit<OverviewFilter, 'monthFrom' | 'monthTo'> {
  if (companyOspId) return { corporateAccountOspId: companyOspId };
  const staff = user.isOspAdmin || user.roles.includes('ospadmin');
  if (!staff) return {};
  return {
    ...(filters.partnerOspId ? { partnerOspId: filters.partnerOspId } : {}),
    ...(filters.companyType ? { companyType: filters.companyType } : {}),
  };
}

/**
 * The dashboard's overview (SPEC §2 Dashboard): the period and timeline
 * pickers, the figure tiles, the timeline and pie charts and, for MSP users,
 * the per-company table. A change of company is applied 700 ms after the
 * last one (SPEC §4).
 */
export function DashboardOverview({ user, companyOspId, company, filters }: Props) {
  const { t } = useTranslation('dashboard');
  const [period, setPeriod] = useState<MonthRange>(() => defaultPeriod());
  const [range, setRange] = useState<MonthRange>(() => defaultTimelineRange());
  const [timelineType, setTimelineType] = useState<TimelineType>(0);
  const [pieType, setPieType] = useState<PieType>(0);
  const [debouncedCompany] = useDebouncedValue(companyOspId, SEARCH_DEBOUNCE_MS);
  const scope = overviewScope(user, debouncedCompany, filters);
  const msp = isMsp(user);

  const periodFilter: OverviewFilter = { ...scope, monthFrom: period.from, monthTo: period.to };
  const rangeFilter: OverviewFilter = { ...scope, monthFrom: range.from, monthTo: range.to };
  const figures = useFigures(periodFilter);
  const timeline = useTimeline(rangeFilter, timelineType);
  const pie = usePie(periodFilter, pieType);

  return (
    <Stack gap="lg" data-testid="dashboard-overview">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2} size="h3">
          {t('overview.title')}
        </Title>
        <Group align="flex-end" gap="md">
          <MonthRangePicker label={t('overview.period')} value={period} onChange={setPeriod} testId="period-picker" />
          <MonthRangePicker label={t('overview.timelineRange')} value={range} onChange={setRange} testId="timeline-range-picker" />
        </Group>
      </Group>
      {figures.error && !figures.data && <ErrorState error={figures.error} onRetry={() => void figures.refetch()} />}
      <FigureTiles
        figures={figures.data}
        loading={figures.isPending}
        viewer={tileViewer(user, company, figures.data)}
        links={tileLinks(user, company)}
      />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Suspense fallback={<ChartPlaceholder label={t('tiles.loading')} />}>
          <TimelineChart
            type={timelineType}
            onTypeChange={setTimelineType}
            data={timeline.data}
            loading={timeline.isPending}
            error={timeline.error}
            onRetry={() => void timeline.refetch()}
          />
        </Suspense>
        <Suspense fallback={<ChartPlaceholder label={t('tiles.loading')} />}>
          <ExpensesPie
            type={pieType}
            onTypeChange={setPieType}
            data={pie.data}
            loading={pie.isPending}
            error={pie.error}
            onRetry={() => void pie.refetch()}
          />
        </Suspense>
      </SimpleGrid>
      {/* The partner's companies side by side, whichever one is selected. */}
      {msp && (
        <CompanyTable
          filter={{ ...overviewScope(user, null, filters), monthFrom: period.from, monthTo: period.to }}
          // A row selects its company (the query parameter MSP users switch with) and opens it.
          companyHref={(row) => namedRoutes.CompanyDetails(row.corporateAccountOspId)}
        />
      )}
    </Stack>
  );
}
