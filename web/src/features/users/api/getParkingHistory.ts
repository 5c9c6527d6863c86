import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { DEFAULT_PAGE_SIZE } from '@/lib/constants';
import { userKeys } from './keys';

export function getParkingHistory(userOspId: string, page: number, signal?: AbortSignal) {
  return api.post('/portal-service/v1/parking/findHistoryByUser', {
    body: { userOspId, pagination: { page, size: DEFAULT_PAGE_SIZE } },
    signal,
  });
}

export const parkingHistoryQueryOptions = (userOspId: string, page: number) =>
  queryOptions({
    queryKey: userKeys.parking(userOspId, page),
    queryFn: ({ signal }) => getParkingHistory(userOspId, page, signal),
    placeholderData: keepPreviousData,
  });

export function useParkingHistory(userOspId: string, page: number) {
  return useQuery(parkingHistoryQueryOptions(userOspId, page));
}
