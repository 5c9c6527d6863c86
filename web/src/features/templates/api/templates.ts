import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorLabel } from '@/lib/api/errors';
import { api, type Body, type Reply } from '@/lib/api/typed';

// The template calls (SPEC §7 Templates): the list and one template with
// its versions, the pick lists, the predefined mails with their shipped
// defaults, the writes and the live preview.

export type Template = Reply<'/portal-service/v1/template/get'>['content'][number];
export type Version = NonNullable<Template['versions']>[number];
export type TemplateFilter = Omit<Body<'/portal-service/v1/template/get'>, 'pagination' | 'ospId'>;
export type CreateBody = Body<'/portal-service/v1/template/create'>;
export type UpdateBody = Body<'/portal-service/v1/template/update'>;
export type VersionWrite = CreateBody['versions'][number];
export type Owner = Reply<'/portal-service/v1/template/getOwners'>[number];
export type Predefined = Reply<'/portal-service/v1/template/getPredefinedTemplateNames/{type}'>[number];
export type TemplateType = Template['templateType'];
export type ContentType = Template['contentType'];
export type Language = Version['language'];
export type PreviewBody = Body<'/portal-service/v1/template/preview/render'>;
export type Preview = Reply<'/portal-service/v1/template/preview/render'>;

/** Template content languages (SPEC §9: the interface's and German). */
export const LANGUAGES: readonly Language[] = ['en', 'nl', 'fr', 'de'];
export const PAGE_SIZE = 20;

export const templateKeys = {
  all: ['templates'] as const,
  list: (filter: TemplateFilter, page: number) => ['templates', 'list', filter, page] as const,
  one: (ospId: string) => ['templates', 'one', ospId] as const,
  owners: () => ['templates', 'owners'] as const,
  categories: () => ['templates', 'categories'] as const,
  predefined: (type: TemplateType) => ['templates', 'predefined', type] as const,
};

/** A page of the templates in reach matching the filters. */
export function useTemplates(filter: TemplateFilter, page: number) {
  return useQuery({
    queryKey: templateKeys.list(filter, page),
    queryFn: ({ signal }) =>
      api.post('/portal-service/v1/template/get', { body: { ...filter, pagination: { page, size: PAGE_SIZE } }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One template with every version. */
export function useTemplate(ospId: string) {
  return useQuery({
    queryKey: templateKeys.one(ospId),
    queryFn: async ({ signal }) => {
      const page = await api.post('/portal-service/v1/template/get', { body: { ospId, pagination: { page: 1, size: 1 } }, signal });
      const found = page.content[0];
      if (!found) throw new Error('template not found');
      return found;
    },
    enabled: ospId !== '',
  });
}

export function useOwners() {
  return useQuery({
    queryKey: templateKeys.owners(),
    queryFn: ({ signal }) => api.post('/portal-service/v1/template/getOwners', { signal }),
    staleTime: 60_000,
  });
}

export function useCategories() {
  return useQuery({
    queryKey: templateKeys.categories(),
    queryFn: ({ signal }) => api.post('/portal-service/v1/template/getCategories', { signal }),
    staleTime: Infinity,
  });
}

/** The platform's predefined mails of a type, with their parameters and shipped texts. */
export function usePredefined(type: TemplateType) {
  return useQuery({
    queryKey: templateKeys.predefined(type),
    queryFn: ({ signal }) =>
      api.post('/portal-service/v1/template/getPredefinedTemplateNames/{type}', { path: { type }, signal }),
    staleTime: Infinity,
  });
}

// Field errors are shown on the form's fields, not in a notification.
const onFields = { ignoreErrors: [ErrorLabel.VALIDATION_FAILED, 'TEMPLATE_OVERRIDE_EXISTS'] };

function useTemplateMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => void client.invalidateQueries({ queryKey: templateKeys.all }) });
}

export const useCreateTemplate = () =>
  useTemplateMutation((body: CreateBody) => api.post('/portal-service/v1/template/create', { body, ...onFields }));
export const useUpdateTemplate = () =>
  useTemplateMutation((body: UpdateBody) => api.post('/portal-service/v1/template/update', { body, ...onFields }));
export const useDeleteTemplate = () =>
  useTemplateMutation((ospId: string) => api.post('/portal-service/v1/template/delete', { body: { ospId } }));

/**
 * The live preview: unsaved content rendered by the server with the most
 * recent parameters of the predefined mail (or samples). Errors (a syntax
 * error while typing) are the preview's to show, not a notification.
 */
export function usePreview(body: PreviewBody | null) {
  return useQuery({
    queryKey: ['templates', 'preview', body],
    queryFn: ({ signal }) =>
      api.post('/portal-service/v1/template/preview/render', { body: body as PreviewBody, signal, ignoreErrors: [ErrorLabel.VALIDATION_FAILED] }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
