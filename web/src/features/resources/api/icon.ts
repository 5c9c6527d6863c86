import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { toObjectUrl, useRevokeOnChange } from '@/lib/objectUrl';
import { resourceKeys } from './keys';
import { useCatalogueMutation } from './mutation';

/** A service resource's icon: one PNG, JPEG or SVG file, checked by content on the server, replacing the one it had. */
export function uploadIcon({ ospId, file }: { ospId: string; file: File }) {
  const form = new FormData();
  form.append('serviceResourceOspId', ospId);
  form.append('file', file);
  return api.post('/portal-service/v1/resource/service/icon/upload', { body: form });
}

export function deleteIcon(ospId: string) {
  return api.post('/portal-service/v1/resource/service/icon/delete', { body: { ospId } });
}

/** The icon as an object URL, or null when there is none (image calls ignore all errors, SPEC §8). */
export function getIcon(ospId: string, signal?: AbortSignal): Promise<string | null> {
  return toObjectUrl(() =>
    api.get('/portal-service/v1/image/icon', {
      query: { serviceResourceOspId: ospId },
      responseType: 'blob',
      ignoreErrors: 'all',
      signal,
    }),
  );
}

/** The icon's version is in the key: a new upload is fetched, an unchanged one comes from the cache. */
export function useIcon(ospId: string, version: string | null | undefined) {
  const query = useQuery({
    queryKey: resourceKeys.icon(ospId, version ?? ''),
    queryFn: ({ signal }) => getIcon(ospId, signal),
    enabled: Boolean(version),
    gcTime: 0,
  });
  const url = version ? (query.data ?? null) : null;
  useRevokeOnChange(url);
  return url;
}

export const useUploadIcon = () => useCatalogueMutation(uploadIcon);
export const useDeleteIcon = () => useCatalogueMutation(deleteIcon);
