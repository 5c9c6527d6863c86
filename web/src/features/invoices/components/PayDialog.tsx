import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CurrencyInput } from '@/components/CurrencyInput';
import { DateField } from '@/components/DateField';
import { Money } from '@/components/Money';
import { useIdempotencyKey } from '@/lib/api/idempotency';
import { API_DATE_FORMAT, DESCRIPTION_MAX_LENGTH } from '@/lib/constants';
import { formatDate } from '@/lib/format';
import { showFormError } from '@/lib/forms';
import { fromCents, toCents } from '@/lib/money';
import { moneyRule } from '@/lib/validation';
import { usePayInvoice } from '../api/invoices';
import type { Invoice, InvoiceStatus, PaymentMethod, PayRequest } from '../api/types';
import { StatusBadge } from './StatusBadge';

export const PAYMENT_METHODS: readonly PaymentMethod[] = ['TRANSFER', 'DIRECT_DEBIT'];

export interface PayValues {
  amount: string;
  paymentDate: string;
  reference: string;
  method: PaymentMethod;
}

/**
 * invoice/pay's rules, checked before the server does: an amount that is
 * not 0 (negative: paid back), a date neither in the future nor before the
 * invoice was issued, a reference of at most 140 characters.
 */
export function paySchema(t: TFunction, issueDate: string, today = dayjs().format(API_DATE_FORMAT)) {
  return z.object({
    amount: moneyRule(t, t('invoices:pay.amount'), { allowNegative: true, allowZero: false }),
    paymentDate: z
      .string()
      .min(1, t('validation:required', { label: t('invoices:pay.date') }))
      .refine((date) => date <= today, t('invoices:pay.dateFuture'))
      .refine((date) => !date || !issueDate || date >= issueDate, t('invoices:pay.dateBeforeIssue', { date: formatDate(issueDate) })),
    reference: z
      .string()
      .trim()
      .max(DESCRIPTION_MAX_LENGTH, t('validation:maxLength', { label: t('invoices:pay.reference'), max: DESCRIPTION_MAX_LENGTH })),
    method: z.enum(['TRANSFER', 'DIRECT_DEBIT']),
  });
}

export function toPayRequest(ospId: string, values: PayValues): PayRequest {
  return {
    ospId,
    amount: toCents(values.amount) ?? 0,
    paymentDate: values.paymentDate,
    reference: values.reference.trim(),
    method: values.method,
  };
}

interface Props {
  invoice: Pick<Invoice, 'ospId' | 'number' | 'issueDate' | 'payableAmount' | 'paidAmount'>;
  opened: boolean;
  onClose: () => void;
}

/** Platform staff record a payment (Idempotency-Key); the dialog then shows the status it led to. */
export function PayDialog({ invoice, opened, onClose }: Props) {
  const { t } = useTranslation('invoices');
  const pay = usePayInvoice();
  const idempotency = useIdempotencyKey();
  const [result, setResult] = useState<{ status: InvoiceStatus; paidAmount: number } | null>(null);
  const outstanding = invoice.payableAmount - invoice.paidAmount;
  const form = useForm<PayValues>({
    defaultValues: {
      amount: outstanding > 0 ? fromCents(outstanding) : '',
      paymentDate: dayjs().format(API_DATE_FORMAT),
      reference: '',
      method: 'TRANSFER',
    },
    resolver: zodResolver(paySchema(t, invoice.issueDate)),
    mode: 'onTouched',
  });

  const close = () => {
    setResult(null);
    form.reset();
    onClose();
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await pay.mutateAsync({ body: toPayRequest(invoice.ospId, values), idempotencyKey: idempotency.current() });
      idempotency.renew();
      setResult({ status: answer.status, paidAmount: answer.paidAmount });
    } catch (error) {
      showFormError(error, form.setError, ['amount', 'paymentDate', 'reference', 'method'], t);
    }
  });

  return (
    <Modal opened={opened} onClose={close} title={t('pay.title', { number: invoice.number })}>
      {result ? (
        <Stack gap="md" data-testid="pay-result">
          <Group gap="xs">
            <Text size="sm">{t('pay.result')}</Text>
            <StatusBadge status={result.status} />
          </Group>
          <Text size="sm">
            {t('pay.paid')}: <Money cents={result.paidAmount} fw={600} />
          </Text>
          <Group justify="flex-end">
            <Button onClick={close} data-autofocus>
              {t('pay.close')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)}>
          <Stack gap="md">
            <Group gap="lg">
              <Text size="sm">
                {t('pay.payable')}: <Money cents={invoice.payableAmount} fw={600} />
              </Text>
              <Text size="sm">
                {t('pay.paid')}: <Money cents={invoice.paidAmount} fw={600} />
              </Text>
            </Group>
            <Controller
              control={form.control}
              name="amount"
              render={({ field, fieldState }) => (
                <CurrencyInput
                  label={t('pay.amount')}
                  description={t('pay.amountHint')}
                  required
                  allowNegative
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                  data-testid="pay-amount"
                />
              )}
            />
            <Controller
              control={form.control}
              name="paymentDate"
              render={({ field, fieldState }) => (
                <DateField
                  label={t('pay.date')}
                  required
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  maxDate={new Date()}
                  error={fieldState.error?.message}
                  data-testid="pay-date"
                />
              )}
            />
            <Controller
              control={form.control}
              name="reference"
              render={({ field, fieldState }) => (
                <TextInput
                  label={t('pay.reference')}
                  placeholder={t('pay.referencePlaceholder')}
                  maxLength={DESCRIPTION_MAX_LENGTH}
                  {...field}
                  error={fieldState.error?.message}
                  data-testid="pay-reference"
                />
              )}
            />
            <Controller
              control={form.control}
              name="method"
              render={({ field }) => (
                <Select
                  label={t('pay.method')}
                  data={PAYMENT_METHODS.map((method) => ({ value: method, label: t(`pay.methods.${method}`) }))}
                  value={field.value}
                  onChange={(value) => field.onChange(value ?? 'TRANSFER')}
                  allowDeselect={false}
                  comboboxProps={{ withinPortal: true }}
                  data-testid="pay-method"
                />
              )}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('cancel')}
              </Button>
              <Button type="submit" loading={pay.isPending} data-testid="pay-submit">
                {t('pay.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
