import { Alert, Button, Group, Loader, Modal, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CurrencyInput } from '@/components/CurrencyInput';
import { DateField } from '@/components/DateField';
import { Money, useFormatMoney } from '@/components/Money';
import { errorMessage } from '@/lib/api/errorMessage';
import { useIdempotencyKey } from '@/lib/api/idempotency';
import { applyServerFieldErrors } from '@/lib/forms';
import { fromCents, toCents } from '@/lib/money';
import { notifySuccess } from '@/lib/notify';
import { useConfirmOrder, useOrderDetails, type Order, type OrderScope } from '../api/orders';

interface Values {
  effectiveStartDate: string;
  effectivePrice: string;
  budgetOspId: string;
}

/**
 * Processes (confirms) an open order: the start date and price may be
 * adjusted, and the budget of the employee to book on chosen (the
 * suggested one preselected). The booking is a money call, sent once per
 * submission with its Idempotency-Key.
 */
export function ProcessOrderDialog({ scope, order, onClose }: { scope: OrderScope; order: Order; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const details = useOrderDetails(order.orderId);
  const confirm = useConfirmOrder(scope);
  const idempotency = useIdempotencyKey();
  const form = useForm<Values>({
    defaultValues: { effectiveStartDate: order.startDate, effectivePrice: fromCents(order.price), budgetOspId: '' },
    mode: 'onTouched',
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  const suggested = details.data?.suggestedBudgetOspId ?? '';
  useEffect(() => {
    if (suggested && !form.getValues('budgetOspId')) form.setValue('budgetOspId', suggested);
  }, [suggested, form]);
  const price = toCents(useWatch({ control: form.control, name: 'effectivePrice' }));
  const chosen = useWatch({ control: form.control, name: 'budgetOspId' });
  const format = useFormatMoney();
  const budgets = details.data?.budgets ?? [];
  const total = price !== null && price > 0 ? price + order.parkingPrice : null;
  // a limited budget that holds less than the booking refuses it
  // (INSUFFICIENT_BUDGET): said before the user submits
  const short = budgets.find((b) => b.ospId === chosen && !b.unlimited && total !== null && b.balance < total);

  const submit = form.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      await confirm.mutateAsync({
        body: {
          orderId: order.orderId,
          effectiveStartDate: values.effectiveStartDate,
          effectivePrice: toCents(values.effectivePrice) ?? undefined,
          budgetOspId: values.budgetOspId || undefined,
        },
        idempotencyKey: idempotency.current(),
      });
      idempotency.renew();
      notifySuccess(t('process.done'));
      onClose();
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, ['effectiveStartDate', 'effectivePrice', 'budgetOspId'])) setRefusal(errorMessage(error, t));
    }
  });

  return (
    <Modal opened onClose={onClose} title={t('process.title', { name: `${order.firstname} ${order.lastname}` })}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <Text size="sm">
            {t(`product.${order.product}`)} · {t('months', { count: order.duration })}
            {order.includeParking && (
              <>
                {' · '}
                {t('process.parking')} <Money cents={order.parkingPrice} />
              </>
            )}
          </Text>
          <Controller
            control={form.control}
            name="effectiveStartDate"
            rules={{ required: t('process.startRequired') }}
            render={({ field, fieldState }) => (
              <DateField
                label={t('fields.effectiveStartDate')}
                withAsterisk
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                data-testid="process-start"
              />
            )}
          />
          <Controller
            control={form.control}
            name="effectivePrice"
            rules={{
              validate: (v) => {
                const cents = toCents(v);
                return cents !== null && cents > 0 ? true : t('process.priceInvalid');
              },
            }}
            render={({ field, fieldState }) => (
              <CurrencyInput
                label={t('fields.effectivePrice')}
                description={t('process.priceHint')}
                withAsterisk
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                data-testid="process-price"
              />
            )}
          />
          {details.isLoading ? (
            <Loader size="sm" aria-label={t('details.loading')} />
          ) : (
            <Controller
              control={form.control}
              name="budgetOspId"
              rules={{ required: t('process.budgetRequired') }}
              render={({ field, fieldState }) => (
                <Select
                  label={t('process.budget')}
                  withAsterisk
                  data={budgets.map((b) => {
                    const holds = b.unlimited
                      ? t('process.balanceUnlimited', { amount: format(b.balance) })
                      : t('process.balance', { amount: format(b.balance) });
                    const name = t(`budgets:types.${b.budgetType}`, { defaultValue: b.budgetType });
                    return {
                      value: b.ospId,
                      label: b.active ? `${name} · ${holds}` : `${name} (${t('process.inactive')})`,
                      disabled: !b.active,
                    };
                  })}
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                  error={fieldState.error?.message ?? (details.data && budgets.length === 0 ? t('process.noBudget') : undefined)}
                  data-testid="process-budget"
                />
              )}
            />
          )}
          {total !== null && (
            <Text size="sm">
              {t('process.total')}: <Money cents={total} fw={600} />
            </Text>
          )}
          {short && (
            <Alert color="yellow" data-testid="process-short">
              {t('process.short', { amount: format(short.balance) })}
            </Alert>
          )}
          {refusal && (
            <Alert color="red" role="alert" data-testid="process-refusal">
              {refusal}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={confirm.isPending}>
              {t('close')}
            </Button>
            <Button type="submit" loading={confirm.isPending} data-testid="process-save">
              {t('process.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
