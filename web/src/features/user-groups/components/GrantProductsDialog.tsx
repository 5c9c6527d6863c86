import { Button, Group, Loader, Modal, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ErrorState';
import { SelectionChecklist } from '@/components/SelectionChecklist';
import { notifySuccess } from '@/lib/notify';
import { useGrantProducts, useOfferedProducts } from '../api/groupProducts';
import type { ProductSummary } from '../api/types';

interface Props {
  opened: boolean;
  onClose: () => void;
  userGroupOspId: string;
  corporateAccountOspId: string;
  /** What the group holds already: not offered again. */
  granted: ProductSummary[];
}

/** Tick products the company offers that the group does not hold yet, grant them at once. */
export function GrantProductsDialog({ opened, onClose, userGroupOspId, corporateAccountOspId, granted }: Props) {
  const { t } = useTranslation('userGroups');
  const offered = useOfferedProducts(corporateAccountOspId, opened);
  const grant = useGrantProducts();
  const [selected, setSelected] = useState<string[]>([]);
  const options = useMemo(() => {
    const held = new Set(granted.map((p) => p.ospId));
    return (offered.data?.products ?? [])
      .filter((p) => !held.has(p.ospId))
      .map((p) => ({ value: p.ospId, label: p.label, description: p.extId || undefined }));
  }, [offered.data, granted]);
  const chosen = selected.filter((ospId) => options.some((o) => o.value === ospId));

  const close = () => {
    setSelected([]);
    onClose();
  };
  const submit = () =>
    grant.mutate(
      { userGroupOspId, productOspIds: chosen },
      {
        onSuccess: () => {
          notifySuccess(t('products.granted', { count: chosen.length }));
          close();
        },
      },
    );

  return (
    <Modal opened={opened} onClose={close} title={t('products.grantTitle')} centered size="lg">
      <Stack gap="md">
        {offered.isPending ? (
          <Loader size="sm" />
        ) : offered.isError ? (
          <ErrorState error={offered.error} onRetry={() => void offered.refetch()} />
        ) : (
          <SelectionChecklist
            label={t('products.offered')}
            options={options}
            value={selected}
            onChange={setSelected}
            emptyMessage={t('products.nothingToGrant')}
            testId="grant-candidates"
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={grant.isPending}>
            {t('cancel')}
          </Button>
          <Button disabled={chosen.length === 0} loading={grant.isPending} onClick={submit} data-testid="grant-products-confirm">
            {t('products.grantSelected', { count: chosen.length })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
