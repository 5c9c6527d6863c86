import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorLabel } from '@/lib/api/errors';
import { api, type Body, type Reply } from '@/lib/api/typed';

// The translation calls (SPEC §7 Translations: findByKeyLike,
// findByTranslationLike, get, getByKey, create, update, delete), platform
// staff only.

export type Translation = Reply<'/portal-service/v1/translation/get'>;
export type TranslationType = Translation['type'];
export type TranslationWrite = Body<'/portal-service/v1/translation/create'>;
export type TranslationUpdate = Body<'/portal-service/v1/translation/update'>;
export type LanguageCode = Translation['translations'][number]['languageCode'];

/** The types in the order the tabs show them. */
export const TRANSLATION_TYPES: readonly TranslationType[] = ['PRODUCT_LABEL', 'RESOURCE_LABEL', 'APP_TEXT', 'SERVER_MESSAGE', 'MAIL_TEXT'];

/** The API's language codes (SPEC §3: GB, BE, FR, DE for en, nl, fr, de), in order. */
export const LANGUAGE_CODES: readonly LanguageCode[] = ['GB', 'BE', 'FR', 'DE'];

/** The server's limits (SPEC §9: translation text max 90000). */
export const TEXT_MAX_LENGTH = 90_000;
export const KEY_MAX_LENGTH = 200;
export const PAGE_SIZE = 20;

/** translations/{type}: the route's type segment (product-label) and back. */
export const slugOf = (type: TranslationType) => type.toLowerCase().replace(/_/g, '-');
export const typeOfSlug = (slug: string): TranslationType | undefined =>
  TRANSLATION_TYPES.find((type) => slugOf(type) === slug);

export interface TranslationSearch {
  /** Search the texts (default value and every language) rather than the keys. */
  byText: boolean;
  search: string;
  type?: TranslationType;
  page: number;
}

export const translationKeys = {
  all: ['translations'] as const,
  list: (s: TranslationSearch) => ['translations', 'list', s] as const,
  one: (ospId: string) => ['translations', 'one', ospId] as const,
};

/** A page of translations by key or by text, of one type or all, sorted by key. */
export function useTranslationList(s: TranslationSearch) {
  return useQuery({
    queryKey: translationKeys.list(s),
    queryFn: ({ signal }) => {
      const pagination = { page: s.page, size: PAGE_SIZE };
      return s.byText
        ? api.post('/portal-service/v1/translation/findByTranslationLike', {
            body: { text: s.search, type: s.type, pagination },
            signal,
          })
        : api.post('/portal-service/v1/translation/findByKeyLike', { body: { key: s.search, type: s.type, pagination }, signal });
    },
    placeholderData: keepPreviousData,
  });
}

/** A translation with its whole texts (a list row carries their first 300 characters). */
export function useTranslationItem(ospId: string | null) {
  return useQuery({
    queryKey: translationKeys.one(ospId ?? ''),
    queryFn: ({ signal }) => api.post('/portal-service/v1/translation/get', { body: { ospId: ospId ?? '' }, signal }),
    enabled: ospId !== null,
  });
}

function useTranslationMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => void client.invalidateQueries({ queryKey: translationKeys.all }) });
}

// Field errors are shown on the form's fields, not in a notification.
const onFields = { ignoreErrors: [ErrorLabel.VALIDATION_FAILED] };

export const useCreateTranslation = () =>
  useTranslationMutation((body: TranslationWrite) => api.post('/portal-service/v1/translation/create', { body, ...onFields }));
export const useUpdateTranslation = () =>
  useTranslationMutation((body: TranslationUpdate) => api.post('/portal-service/v1/translation/update', { body, ...onFields }));
export const useDeleteTranslation = () =>
  useTranslationMutation((ospId: string) => api.post('/portal-service/v1/translation/delete', { body: { ospId } }));
