import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Body, type Reply } from '@/lib/api/typed';

// The dashboard overview's calls (reporting/dashboard/*): figure tiles,
// timeline, pie and the per-company table. Every call takes the same
// filter: the company, or a partner's companies, and a range of months.

export type OverviewFilter = Body<'/portal-service/v1/reporting/dashboard/figures'>;
export type Figures = Reply<'/portal-service/v1/reporting/dashboard/figures'>;
export type Timeline = Reply<'/portal-service/v1/reporting/dashboard/timeline'>;
export type Pie = Reply<'/portal-service/v1/reporting/dashboard/pie'>;
export type CompaniesPage = Reply<'/portal-service/v1/reporting/dashboard/companies'>;
export type CompanyRow = CompaniesPage['content'][number];
export type CompaniesRequest = Body<'/portal-service/v1/reporting/dashboard/companies'>;

export type TimelineType = 0 | 1 | 2;
export type PieType = 0 | 1;

export const overviewKeys = {
  all: ['dashboard', 'overview'] as const,
  figures: (filter: OverviewFilter) => [...overviewKeys.all, 'figures', filter] as const,
  timeline: (filter: OverviewFilter, type: TimelineType) => [...overviewKeys.all, 'timeline', type, filter] as const,
  pie: (filter: OverviewFilter, type: PieType) => [...overviewKeys.all, 'pie', type, filter] as const,
  companies: (request: CompaniesRequest) => [...overviewKeys.all, 'companies', request] as const,
};

export function getFigures(filter: OverviewFilter, signal?: AbortSignal): Promise<Figures> {
  return api.post('/portal-service/v1/reporting/dashboard/figures', { body: filter, signal });
}

export function getTimeline(filter: OverviewFilter, type: TimelineType, signal?: AbortSignal): Promise<Timeline> {
  return api.post('/portal-service/v1/reporting/dashboard/timeline', { body: { ...filter, type }, signal });
}

export function getPie(filter: OverviewFilter, type: PieType, signal?: AbortSignal): Promise<Pie> {
  return api.post('/portal-service/v1/reporting/dashboard/pie', { body: { ...filter, type }, signal });
}

export function getCompanies(request: CompaniesRequest, signal?: AbortSignal): Promise<CompaniesPage> {
  return api.post('/portal-service/v1/reporting/dashboard/companies', { body: request, signal });
}

const STALE_MS = 60_000;

export function useFigures(filter: OverviewFilter) {
  return useQuery({
    queryKey: overviewKeys.figures(filter),
    queryFn: ({ signal }) => getFigures(filter, signal),
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
  });
}

export function useTimeline(filter: OverviewFilter, type: TimelineType) {
  return useQuery({
    queryKey: overviewKeys.timeline(filter, type),
    queryFn: ({ signal }) => getTimeline(filter, type, signal),
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
  });
}

export function usePie(filter: OverviewFilter, type: PieType) {
  return useQuery({
    queryKey: overviewKeys.pie(filter, type),
    queryFn: ({ signal }) => getPie(filter, type, signal),
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
  });
}

export function useCompanies(request: CompaniesRequest, enabled: boolean) {
  return useQuery({
    queryKey: overviewKeys.companies(request),
    queryFn: ({ signal }) => getCompanies(request, signal),
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
    enabled,
  });
}
