import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ErrorLabel } from '@/lib/api/errors';
import { api, type Body } from '@/lib/api/typed';
import { resourceKeys } from './keys';
import { useCatalogueMutation } from './mutation';
import type { LabelFilter } from './types';

export function getLabels(filter: LabelFilter, signal?: AbortSignal) {
  return api.post('/portal-service/v1/resource/label/getByFilter', { body: filter, signal });
}

export function useLabels(filter: LabelFilter) {
  return useQuery(
    queryOptions({
      queryKey: resourceKeys.labelList(filter),
      queryFn: ({ signal }) => getLabels(filter, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

export function getLabel(ospId: string, signal?: AbortSignal) {
  return api.post('/portal-service/v1/resource/label/get', { body: { ospId }, signal });
}

export function useLabel(ospId: string, enabled = true) {
  return useQuery({ queryKey: resourceKeys.label(ospId), queryFn: ({ signal }) => getLabel(ospId, signal), enabled });
}

export function createLabel(body: Body<'/portal-service/v1/resource/label/create'>) {
  return api.post('/portal-service/v1/resource/label/create', { body, ignoreErrors: [ErrorLabel.VALIDATION_FAILED] });
}

export function updateLabel(body: Body<'/portal-service/v1/resource/label/update'>) {
  return api.post('/portal-service/v1/resource/label/update', { body, ignoreErrors: [ErrorLabel.VALIDATION_FAILED] });
}

/** An inactive label is no longer shown on resources, nor can it be given to one. */
export function setLabelActive({ ospId, active }: { ospId: string; active: boolean }) {
  return active
    ? api.post('/portal-service/v1/resource/label/activate', { body: { ospId } })
    : api.post('/portal-service/v1/resource/label/deactivate', { body: { ospId } });
}

export function deleteLabel({ ospId }: { ospId: string }) {
  return api.post('/portal-service/v1/resource/label/delete', { body: { ospId } });
}

export const useCreateLabel = () => useCatalogueMutation(createLabel);
export const useUpdateLabel = () => useCatalogueMutation(updateLabel);
export const useSetLabelActive = () => useCatalogueMutation(setLabelActive);
export const useDeleteLabel = () => useCatalogueMutation(deleteLabel);
