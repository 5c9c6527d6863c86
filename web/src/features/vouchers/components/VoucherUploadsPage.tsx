import { Badge, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '@/components/Money';
import { PagedTable, type Column } from '@/components/PagedTable';
import { formatDate, formatDateTime } from '@/lib/format';
import { useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';
import { useVouchers, VOUCHER_STATUSES, type Voucher, type VoucherStatus } from '../api/vouchers';
import { ProviderUploadPanel } from './ProviderUploadPanel';

const STATUS_COLORS: Record<string, string> = { ISSUED: 'blue', REDEEMED: 'green', EXPIRED: 'gray' };

/**
 * The backoffice uploads' vouchers tab (platform staff): a file of voucher
 * codes for the selected company (upload, line report, process, history),
 * and the company's vouchers with their status and who used them.
 */
export default function VoucherUploadsPage() {
  const { t } = useTranslation('vouchers');
  const company = useSelectedCorporateAccount();
  return (
    <Stack gap="lg" maw={1200}>
      <Title order={3}>{t('kinds.VOUCHER.title')}</Title>
      {company.ospId ? (
        <>
          <Text size="sm" data-testid="voucher-company">
            {t('vouchers.forCompany', { name: company.account?.name ?? '' })}
          </Text>
          <ProviderUploadPanel kind="VOUCHER" corporateAccountOspId={company.ospId} />
          <VoucherList corporateAccountOspId={company.ospId} />
        </>
      ) : (
        <Card withBorder padding="lg">
          <Text size="sm" data-testid="voucher-no-company">
            {t('vouchers.selectCompany')}
          </Text>
        </Card>
      )}
    </Stack>
  );
}

function VoucherList({ corporateAccountOspId }: { corporateAccountOspId: string }) {
  const { t } = useTranslation('vouchers');
  const [status, setStatus] = useState<VoucherStatus | ''>('');
  const [code, setCode] = useState('');
  const [page, setPage] = useState(1);
  const vouchers = useVouchers({ corporateAccountOspId, status, code: code.trim(), page });
  const columns: Column<Voucher>[] = [
    { key: 'code', header: t('vouchers.code'), render: (v) => v.code },
    { key: 'value', header: t('vouchers.value'), render: (v) => <Money cents={v.value} /> },
    { key: 'validity', header: t('vouchers.validity'), render: (v) => `${formatDate(v.validFrom)} – ${formatDate(v.validUntil)}` },
    { key: 'owner', header: t('vouchers.owner'), render: (v) => v.userName || t('vouchers.companyVoucher') },
    {
      key: 'status',
      header: t('vouchers.status'),
      render: (v) => (
        <Badge variant="light" color={STATUS_COLORS[v.status] ?? 'gray'}>
          {t(`voucherStatus.${v.status}`)}
        </Badge>
      ),
    },
    {
      key: 'redeemed',
      header: t('vouchers.redeemed'),
      render: (v) => (v.redeemedAt ? `${formatDateTime(v.redeemedAt)} · ${v.redeemedByName ?? ''}` : '—'),
    },
  ];
  return (
    <Stack gap="sm">
      <Title order={4}>{t('vouchers.title')}</Title>
      <Group align="flex-end">
        <Select
          label={t('vouchers.status')}
          data={[{ value: '', label: t('vouchers.allStatuses') }, ...VOUCHER_STATUSES.map((s) => ({ value: s, label: t(`voucherStatus.${s}`) }))]}
          value={status}
          onChange={(next) => {
            setStatus((next ?? '') as VoucherStatus | '');
            setPage(1);
          }}
          allowDeselect={false}
          w={200}
          data-testid="voucher-status-filter"
        />
        <TextInput
          label={t('vouchers.codeFilter')}
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value.replace(/[^A-Za-z0-9-]/g, '').slice(0, 40));
            setPage(1);
          }}
          w={240}
          data-testid="voucher-code-filter"
        />
      </Group>
      <PagedTable
        testId="voucher-list"
        columns={columns}
        rows={vouchers.data?.content}
        rowKey={(v) => v.ospId}
        isLoading={vouchers.isPending}
        isFetching={vouchers.isFetching}
        error={vouchers.error}
        onRetry={() => void vouchers.refetch()}
        emptyMessage={t('vouchers.empty')}
        page={page}
        totalPages={vouchers.data?.totalPages}
        totalElements={vouchers.data?.totalElements}
        onPageChange={setPage}
      />
    </Stack>
  );
}
