import { useQuery } from '@tanstack/react-query';
import { api, type Reply } from '@/lib/api/typed';
import { toObjectUrl, useRevokeOnChange } from '@/lib/objectUrl';
import { resourceKeys } from './keys';
import { useCatalogueMutation } from './mutation';

const ICON_UPLOAD_PATH = '/portal-service/v1/resource/service/icon/upload';

/**
 * The server reads the icon upload as a multipart form, but its OpenAPI
 * document names the form application/x-www-form-urlencoded
 * (resource.IconUploadForm's file is a string, not a multipart.File), so
 * the typed client would take no body for it. Until the contract says
 * multipart/form-data, this call's body is given the type it really has;
 * its path and answer stay the document's.
 */
const postIconForm = api.post as unknown as (
  path: typeof ICON_UPLOAD_PATH,
  init: { body: FormData },
) => Promise<Reply<typeof ICON_UPLOAD_PATH>>;

/** A service resource's icon: one PNG, JPEG or SVG file, checked by content on the server, replacing the one it had. */
export function uploadIcon({ ospId, file }: { ospId: string; file: File }) {
  const form = new FormData();
  form.append('serviceResourceOspId', ospId);
  form.append('file', file);
  return postIconForm(ICON_UPLOAD_PATH, { body: form });
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
