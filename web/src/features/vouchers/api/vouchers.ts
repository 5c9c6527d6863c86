import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { components } from '@/lib/api/schema';
import { api } from '@/lib/api/typed';
import { providerKeys } from './providerFiles';

export type Voucher = components['schemas']['VoucherVoucher'];
export type VoucherStatus = NonNullable<Voucher['status']>;
export const VOUCHER_STATUSES: VoucherStatus[] = ['ISSUED', 'REDEEMED', 'EXPIRED'];

export interface VoucherFilter {
  corporateAccountOspId: string;
  status?: VoucherStatus | '';
  code?: string;
  page: number;
}

const PAGE_SIZE = 10;

/** A company's vouchers, newest first, filtered by status and code prefix. */
export function useVouchers(filter: VoucherFilter) {
  return useQuery({
    queryKey: [...providerKeys.vouchers(), filter],
    queryFn: () =>
      api.post('/portal-service/v1/voucher/list', {
        body: {
          corporateAccountOspId: filter.corporateAccountOspId,
          status: filter.status || undefined,
          code: filter.code || undefined,
          pagination: { page: filter.page, size: PAGE_SIZE },
        },
      }),
    enabled: Boolean(filter.corporateAccountOspId),
    placeholderData: keepPreviousData,
  });
}
