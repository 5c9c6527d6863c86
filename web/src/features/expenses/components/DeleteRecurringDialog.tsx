import { Radio, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import type { RecurringDeleteMode, RecurringExpense } from '@/lib/api/types';
import { formatDate } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';
import { useDeleteRecurring } from '../api/deleteRecurring';

/** SPEC §4: delete the next occurrence only, or it and all following. */
export function DeleteRecurringDialog({ recurring, onClose, onDeleted }: { recurring: RecurringExpense; onClose: () => void; onDeleted?: () => void }) {
  const { t } = useTranslation('expenses');
  const [mode, setMode] = useState<RecurringDeleteMode>('THIS_ONLY');
  const remove = useDeleteRecurring();
  const date = recurring.nextOccurrence ?? recurring.startDate;
  return (
    <ConfirmDialog
      opened
      title={t('recurring.delete')}
      message={t('recurring.deleteWhich', { date: formatDate(date) })}
      confirmLabel={t('recurring.delete')}
      danger
      loading={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(
          { ospId: recurring.ospId, mode, date },
          {
            onSuccess: () => {
              notifySuccess(t('recurring.deleted'));
              onClose();
              onDeleted?.();
            },
          },
        )
      }
    >
      <Radio.Group value={mode} onChange={(v) => setMode(v as RecurringDeleteMode)}>
        <Stack gap="xs">
          <Radio value="THIS_ONLY" label={t('recurring.THIS_ONLY')} data-testid="delete-this-only" />
          <Radio value="THIS_AND_FOLLOWING" label={t('recurring.THIS_AND_FOLLOWING')} data-testid="delete-following" />
        </Stack>
      </Radio.Group>
    </ConfirmDialog>
  );
}
