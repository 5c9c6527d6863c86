export const resourceKeys = {
  all: ['resources'] as const,
  kind: (kind: string) => ['resources', 'kind', kind] as const,
  kindList: (kind: string, filter: unknown) => ['resources', 'kind', kind, 'list', filter] as const,
  detail: (kind: string, ospId: string) => ['resources', 'kind', kind, 'detail', ospId] as const,
  search: (filter: unknown) => ['resources', 'search', filter] as const,
  mobilityModes: (language: string) => ['resources', 'mobilityModes', language] as const,
  mrpPartners: () => ['resources', 'mrpPartners'] as const,
  labelOptions: () => ['resources', 'labels', 'options'] as const,
  labels: () => ['resources', 'labels'] as const,
  labelList: (filter: unknown) => ['resources', 'labels', 'list', filter] as const,
  label: (ospId: string) => ['resources', 'labels', 'detail', ospId] as const,
  groups: () => ['resources', 'groups'] as const,
  groupList: (filter: unknown) => ['resources', 'groups', 'list', filter] as const,
  group: (ospId: string) => ['resources', 'groups', 'detail', ospId] as const,
  cron: (cron: string) => ['resources', 'cron', cron] as const,
  icon: (ospId: string, version: string) => ['resources', 'icon', ospId, version] as const,
  owners: (stationOspId: string) => ['resources', 'owners', stationOspId] as const,
  companies: (term: string) => ['resources', 'companies', term] as const,
};

/**
 * Resources, groups and labels make up products' compositions (the
 * products feature; its keys start with 'products'): a deactivated or
 * deleted one leaves them at once. Named here rather than imported:
 * features do not import each other.
 */
export const PRODUCTS_QUERY_ROOT = ['products'] as const;
