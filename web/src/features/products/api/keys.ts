export const productKeys = {
  all: ['products'] as const,
  lists: () => ['products', 'list'] as const,
  list: (filter: unknown) => ['products', 'list', filter] as const,
  /** find/all of every product: the detail pages pick theirs from it (the API has no product/get). */
  everything: () => ['products', 'all'] as const,
  disallowed: () => ['products', 'platform', 'disallowed'] as const,
  composition: (ospId: string) => ['products', 'composition', ospId] as const,
  candidates: (kind: string, filter: unknown) => ['products', 'candidates', kind, filter] as const,
  mobilityModes: (language: string) => ['products', 'mobilityModes', language] as const,
  mrpPartners: () => ['products', 'mrpPartners'] as const,
};
