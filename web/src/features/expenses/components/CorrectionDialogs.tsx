import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, SegmentedControl, Stack, Textarea } from '@mantine/core';
import type { TFunction } from 'i18next';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CurrencyInput } from '@/components/CurrencyInput';
import { useIdempotencyKey } from '@/lib/api/idempotency';
import type { CorrectRequest, ExpenseDetail, RefundRequest } from '@/lib/api/types';
import { DESCRIPTION_MAX_LENGTH } from '@/lib/constants';
import { showFormError } from '@/lib/forms';
import { fromCents, toCents } from '@/lib/money';
import { notifySuccess } from '@/lib/notify';
import { moneyRule } from '@/lib/validation';
import { useCorrectExpense } from '../api/correctExpense';
import { useRefundExpense } from '../api/refundExpense';

const remarkRule = (t: TFunction) =>
  z
    .string()
    .trim()
    .min(1, t('validation:required', { label: t('expenses:fields.remark') }))
    .max(DESCRIPTION_MAX_LENGTH, t('validation:maxLength', { label: t('expenses:fields.remark'), max: DESCRIPTION_MAX_LENGTH }));

export interface CorrectValues {
  direction: 'add' | 'refund';
  amount: string;
  remark: string;
}

/** Add cost → positive amount; refund cost → negative amount (cents). */
export function toCorrectRequest(ospId: string, values: CorrectValues): CorrectRequest {
  const cents = toCents(values.amount) ?? 0;
  return { ospId, amount: values.direction === 'add' ? cents : -cents, remark: values.remark.trim() };
}

export interface RefundValues {
  amount: string;
  remark: string;
}

/**
 * The refund always carries the amount the dialog showed, the whole net
 * amount included: never "no amount means everything", which would refund
 * more than shown when the net amount changed since the dialog opened.
 */
export function toRefundRequest(expense: Pick<ExpenseDetail, 'ospId'>, values: RefundValues): RefundRequest {
  return { ospId: expense.ospId, amount: toCents(values.amount) ?? 0, remark: values.remark.trim() };
}

interface DialogProps {
  expense: Pick<ExpenseDetail, 'ospId' | 'netAmount'>;
  opened: boolean;
  onClose: () => void;
}

export function CorrectDialog({ expense, opened, onClose }: DialogProps) {
  const { t } = useTranslation('expenses');
  const correct = useCorrectExpense();
  const idempotency = useIdempotencyKey();
  const form = useForm<CorrectValues>({
    defaultValues: { direction: 'add', amount: '', remark: '' },
    resolver: zodResolver(
      z.object({
        direction: z.enum(['add', 'refund']),
        amount: moneyRule(t, t('fields.amount'), { allowZero: false }),
        remark: remarkRule(t),
      }),
    ),
    mode: 'onTouched',
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await correct.mutateAsync({ body: toCorrectRequest(expense.ospId, values), idempotencyKey: idempotency.current() });
      idempotency.renew();
      notifySuccess(t('correct.done'));
      form.reset();
      onClose();
    } catch (error) {
      showFormError(error, form.setError, ['amount', 'remark'], t);
    }
  });
  return (
    <Modal opened={opened} onClose={onClose} title={t('correct.title')}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <Controller
            control={form.control}
            name="direction"
            render={({ field }) => (
              <SegmentedControl
                value={field.value}
                onChange={field.onChange}
                data={[
                  { value: 'add', label: t('correct.add') },
                  { value: 'refund', label: t('correct.refund') },
                ]}
                data-testid="correct-direction"
              />
            )}
          />
          <Controller
            control={form.control}
            name="amount"
            render={({ field, fieldState }) => (
              <CurrencyInput label={t('fields.amount')} required value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} data-testid="correct-amount" />
            )}
          />
          <Controller
            control={form.control}
            name="remark"
            render={({ field, fieldState }) => (
              <Textarea label={t('fields.remark')} required maxLength={DESCRIPTION_MAX_LENGTH} {...field} error={fieldState.error?.message} data-testid="correct-remark" />
            )}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={correct.isPending} data-testid="correct-submit">
              {t('correct.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function RefundDialog({ expense, opened, onClose }: DialogProps) {
  const { t } = useTranslation('expenses');
  const refund = useRefundExpense();
  const idempotency = useIdempotencyKey();
  const form = useForm<RefundValues>({
    values: { amount: fromCents(expense.netAmount), remark: '' },
    resolver: zodResolver(
      z.object({
        amount: moneyRule(t, t('fields.amount'), { allowZero: false }).refine(
          (v) => (toCents(v) ?? 0) <= expense.netAmount,
          t('refund.tooHigh'),
        ),
        remark: remarkRule(t),
      }),
    ),
    mode: 'onTouched',
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await refund.mutateAsync({ body: toRefundRequest(expense, values), idempotencyKey: idempotency.current() });
      idempotency.renew();
      notifySuccess(t('refund.done'));
      onClose();
    } catch (error) {
      showFormError(error, form.setError, ['amount', 'remark'], t);
    }
  });
  return (
    <Modal opened={opened} onClose={onClose} title={t('refund.title')}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <Controller
            control={form.control}
            name="amount"
            render={({ field, fieldState }) => (
              <CurrencyInput label={t('fields.amount')} required value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} data-testid="refund-amount" />
            )}
          />
          <Controller
            control={form.control}
            name="remark"
            render={({ field, fieldState }) => (
              <Textarea label={t('fields.remark')} required maxLength={DESCRIPTION_MAX_LENGTH} {...field} error={fieldState.error?.message} data-testid="refund-remark" />
            )}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={refund.isPending} data-testid="refund-submit">
              {t('refund.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
