import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '@/lib/api/client';

// The branding calls of SPEC §7 behind the editor (partner and company screens).

const BASE = '/portal-service/v1/branding';

export type BrandingOwnerKind = 'PARTNER' | 'CORPORATE_ACCOUNT';
export type BrandingSource = 'COMPANY' | 'PARTNER' | 'DEFAULT';

export interface BrandingImage {
  imageType: string;
  /** Whether the image comes from the partner or the default, not the owner itself. */
  inherited?: boolean;
}

export interface BrandingConfiguration {
  ownerOspId: string;
  brandColor: string;
  primaryColor: string;
  secondaryColor: string;
  variantColor: string;
  /** The owner has no configuration of its own. */
  inherited: boolean;
  /** Where the effective colours come from. */
  source: BrandingSource;
  images: BrandingImage[];
}

export interface BrandingConfigurationInput {
  ownerOspId: string;
  brandColor: string;
  primaryColor?: string;
  secondaryColor?: string;
  variantColor?: string;
}

/** The root of every branding query, the applied theme's and logo's included. */
export const BRANDING_ROOT = ['branding'] as const;

export const brandingEditorKeys = {
  configuration: (ownerOspId: string) => ['branding', 'configuration', ownerOspId] as const,
  defaults: (ownerOspId: string) => ['branding', 'configuration', 'default', ownerOspId] as const,
  imageTypes: (kind: BrandingOwnerKind) => ['branding', 'imageTypes', kind] as const,
  image: (ownerOspId: string, imageType: string) => ['branding', 'image', ownerOspId, imageType] as const,
};

export function getBrandingConfiguration(ownerOspId: string, signal?: AbortSignal) {
  return apiRequest<BrandingConfiguration>(`${BASE}/configuration/${encodeURIComponent(ownerOspId)}`, { method: 'GET', signal });
}

export function getDefaultBrandingConfiguration(ownerOspId: string, signal?: AbortSignal) {
  return apiRequest<BrandingConfiguration>(`${BASE}/configuration/default/${encodeURIComponent(ownerOspId)}`, { method: 'GET', signal });
}

export function getBrandingImageTypes(kind: BrandingOwnerKind, signal?: AbortSignal) {
  const path = kind === 'PARTNER' ? 'partner' : 'corporateAccount';
  return apiRequest<string[]>(`${BASE}/image/types/${path}`, { method: 'GET', signal });
}

export function saveBrandingConfiguration(body: BrandingConfigurationInput) {
  return apiRequest<BrandingConfiguration>(`${BASE}/configuration`, { method: 'PUT', body });
}

export function resetBrandingConfiguration(ownerOspId: string) {
  return apiRequest<void>(`${BASE}/configuration/${encodeURIComponent(ownerOspId)}`, { method: 'DELETE' });
}

export interface ImageUpload {
  ownerOspId: string;
  imageType: string;
  file: File;
}

/** One file per upload (SPEC §5). */
export function uploadBrandingImage({ ownerOspId, imageType, file }: ImageUpload) {
  const form = new FormData();
  form.append('ownerOspId', ownerOspId);
  form.append('imageType', imageType);
  form.append('file', file);
  return apiRequest<unknown>(`${BASE}/image/upload`, { method: 'POST', body: form });
}

export function deleteBrandingImage(body: { ownerOspId: string; imageType: string }) {
  return apiRequest<void>(`${BASE}/image/delete`, { method: 'POST', body });
}

/** The effective image as an object URL, or null when there is none (image calls ignore all errors, SPEC §8). */
export async function getBrandingImage(ownerOspId: string, imageType: string, signal?: AbortSignal): Promise<string | null> {
  try {
    const blob = await apiRequest<Blob>(`${BASE}/image/get`, {
      method: 'POST',
      body: { ownerOspId, imageType },
      responseType: 'blob',
      ignoreErrors: 'all',
      signal,
    });
    return blob && blob.size > 0 ? URL.createObjectURL(blob) : null;
  } catch {
    return null;
  }
}

export const brandingConfigurationQueryOptions = (ownerOspId: string) =>
  queryOptions({
    queryKey: brandingEditorKeys.configuration(ownerOspId),
    queryFn: ({ signal }) => getBrandingConfiguration(ownerOspId, signal),
  });

export function useBrandingConfiguration(ownerOspId: string) {
  return useQuery({ ...brandingConfigurationQueryOptions(ownerOspId), enabled: Boolean(ownerOspId) });
}

/** What the owner would have without its own configuration (the partner's or the platform default). */
export function useDefaultBrandingConfiguration(ownerOspId: string) {
  return useQuery({
    queryKey: brandingEditorKeys.defaults(ownerOspId),
    queryFn: ({ signal }) => getDefaultBrandingConfiguration(ownerOspId, signal),
    enabled: Boolean(ownerOspId),
  });
}

export function useBrandingImageTypes(kind: BrandingOwnerKind) {
  return useQuery({
    queryKey: brandingEditorKeys.imageTypes(kind),
    queryFn: ({ signal }) => getBrandingImageTypes(kind, signal),
    staleTime: Infinity,
  });
}

export function useBrandingImage(ownerOspId: string, imageType: string, enabled: boolean) {
  const query = useQuery({
    queryKey: brandingEditorKeys.image(ownerOspId, imageType),
    queryFn: ({ signal }) => getBrandingImage(ownerOspId, imageType, signal),
    enabled,
  });
  const url = enabled ? (query.data ?? null) : null;
  useEffect(() => {
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [url]);
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
