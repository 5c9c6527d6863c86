import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Body } from '@/lib/api/typed';
import { toObjectUrl, useRevokeOnChange } from '@/lib/objectUrl';
import type { components } from '@/lib/api/schema';

// The branding calls of SPEC §7 behind the editor (partner and company screens).

type Schemas = components['schemas'];
export type BrandingOwnerKind = Schemas['BrandingConfiguration']['ownerKind'];
export type BrandingSource = Schemas['BrandingConfiguration']['source'];
export type BrandingConfiguration = Schemas['BrandingConfiguration'];
export type BrandingImage = Schemas['BrandingImageInfo'];
export type BrandingImageType = BrandingImage['imageType'];
export type BrandingImageTypeInfo = Schemas['BrandingImageTypeInfo'];
export type BrandingConfigurationInput = Body<'/portal-service/v1/branding/configuration', 'put'>;

/** The root of every branding query, the applied theme's and logo's included. */
export const BRANDING_ROOT = ['branding'] as const;

export const brandingEditorKeys = {
  configuration: (ownerOspId: string) => ['branding', 'configuration', ownerOspId] as const,
  imageTypes: (kind: BrandingOwnerKind) => ['branding', 'imageTypes', kind] as const,
  image: (ownerOspId: string, imageType: string, version: string) => ['branding', 'image', ownerOspId, imageType, version] as const,
};

export function getBrandingConfiguration(ownerOspId: string, signal?: AbortSignal) {
  return api.get('/portal-service/v1/branding/configuration/{id}', { path: { id: ownerOspId }, signal });
}

export function getBrandingImageTypes(kind: BrandingOwnerKind, signal?: AbortSignal) {
  return kind === 'PARTNER'
    ? api.get('/portal-service/v1/branding/image/types/partner', { signal })
    : api.get('/portal-service/v1/branding/image/types/corporateAccount', { signal });
}

export function saveBrandingConfiguration(body: BrandingConfigurationInput) {
  return api.put('/portal-service/v1/branding/configuration', { body });
}

/** Drops the owner's own colours and images: it inherits again. */
export function resetBrandingConfiguration(ownerOspId: string) {
  return api.delete('/portal-service/v1/branding/configuration/{id}', { path: { id: ownerOspId } });
}

export interface ImageUpload {
  ownerOspId: string;
  imageType: BrandingImageType;
  file: File;
}

/** One file per upload (SPEC §5); the server checks the content, not the name. */
export function uploadBrandingImage({ ownerOspId, imageType, file }: ImageUpload) {
  const form = new FormData();
  form.append('ownerOspId', ownerOspId);
  form.append('imageType', imageType);
  form.append('file', file);
  return api.post('/portal-service/v1/branding/image/upload', { body: form });
}

export function deleteBrandingImage(body: { ownerOspId: string; imageType: BrandingImageType }) {
  return api.post('/portal-service/v1/branding/image/delete', { body });
}

/** The effective image as an object URL, or null when there is none (image calls ignore all errors, SPEC §8). */
export function getBrandingImage(ownerOspId: string, imageType: BrandingImageType, signal?: AbortSignal): Promise<string | null> {
  return toObjectUrl(() =>
    api.post('/portal-service/v1/branding/image/get', {
      body: { ownerOspId, imageType },
      responseType: 'blob',
      ignoreErrors: 'all',
      signal,
    }),
  );
}

export const brandingConfigurationQueryOptions = (ownerOspId: string) =>
  queryOptions({
    queryKey: brandingEditorKeys.configuration(ownerOspId),
    queryFn: ({ signal }) => getBrandingConfiguration(ownerOspId, signal),
  });

export function useBrandingConfiguration(ownerOspId: string) {
  return useQuery({ ...brandingConfigurationQueryOptions(ownerOspId), enabled: Boolean(ownerOspId) });
}

export function useBrandingImageTypes(kind: BrandingOwnerKind) {
  return useQuery({
    queryKey: brandingEditorKeys.imageTypes(kind),
    queryFn: ({ signal }) => getBrandingImageTypes(kind, signal),
    staleTime: Infinity,
  });
}

/** The image's version is in the key: a new upload is fetched, an unchanged one comes from the cache. */
export function useBrandingImage(ownerOspId: string, image: BrandingImage | undefined) {
  const query = useQuery({
    queryKey: brandingEditorKeys.image(ownerOspId, image?.imageType ?? '', image?.version ?? ''),
    queryFn: ({ signal }) => getBrandingImage(ownerOspId, image!.imageType, signal),
    enabled: Boolean(image),
    // The object URL is revoked when the row goes: never keep it in the cache for a later row.
    gcTime: 0,
  });
  const url = image ? (query.data ?? null) : null;
  useRevokeOnChange(url);
  return url;
}

/**
 * Every branding write refreshes every branding query: the editor's, and the
 * theme and logo the app applies (features/branding), so a new colour shows at once.
 */
function useBrandingMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: BRANDING_ROOT }),
  });
}

export const useSaveBrandingConfiguration = () => useBrandingMutation(saveBrandingConfiguration);
export const useResetBrandingConfiguration = () => useBrandingMutation(resetBrandingConfiguration);
export const useUploadBrandingImage = () => useBrandingMutation(uploadBrandingImage);
export const useDeleteBrandingImage = () => useBrandingMutation(deleteBrandingImage);
