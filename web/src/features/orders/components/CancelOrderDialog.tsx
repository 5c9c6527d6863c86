import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api/errorMessage';
import { applyServerFieldErrors } from '@/lib/forms';
import { notifySuccess } from '@/lib/notify';
import { REASON_MAX, useCancelOrder, type Order, type OrderScope } from '../api/orders';

/**
 * Cancels an order with a reason, which goes to the employee's inbox. A
 * confirmed order keeps its charge (SPEC §4): the dialog says so.
 */
export function CancelOrderDialog({ scope, order, onClose }: { scope: OrderScope; order: Order; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const cancel = useCancelOrder(scope);
  const form = useForm<{ reason: string }>({ defaultValues: { reason: '' }, mode: 'onTouched' });
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = form.handleSubmit(async ({ reason }) => {
    setRefusal(null);
    try {
      await cancel.mutateAsync({ orderId: order.orderId, reason: reason.trim() });
      notifySuccess(t('cancel.done'));
      onClose();
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, ['reason'])) setRefusal(errorMessage(error, t));
    }
  });
  return (
    <Modal opened onClose={onClose} title={t('cancel.title', { name: `${order.firstname} ${order.lastname}` })}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <Text size="sm">{order.status === 'CONFIRMED' ? t('cancel.confirmedNote') : t('cancel.note')}</Text>
          <Textarea
            label={t('cancel.reason')}
            withAsterisk
            autosize
            minRows={3}
            maxLength={REASON_MAX}
            error={form.formState.errors.reason?.message}
            data-testid="cancel-reason"
            {...form.register('reason', {
              validate: (v) => (v.trim() ? true : t('cancel.reasonRequired')),
              maxLength: { value: REASON_MAX, message: t('cancel.reasonTooLong', { max: REASON_MAX }) },
            })}
          />
          {refusal && (
            <Alert color="red" role="alert" data-testid="cancel-refusal">
              {refusal}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={cancel.isPending}>
              {t('close')}
            </Button>
            <Button type="submit" color="red" loading={cancel.isPending} data-testid="cancel-save">
              {t('cancel.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
