import { Alert, Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useForm, Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Money } from '@/components/Money';
import { useIdempotencyKey } from '@/lib/api/idempotency';
import { errorMessage } from '@/lib/api/errorMessage';
import { applyServerFieldErrors } from '@/lib/forms';
import { notifySuccess } from '@/lib/notify';
import { DECISIONS, useOverrideProblem, type Decision, type ReconciliationRow } from '../api/reconciliation';

export const REMARK_MAX = 140;

interface Values {
  decision: Decision | '';
  remark: string;
}

interface Props {
  row: ReconciliationRow;
  onClose: () => void;
}

/**
 * Platform staff decide a problem once: accept the provider's amount (the
 * difference is booked on the expense as a correction with the remark) or
 * keep the platform's (nothing booked).
 */
export function OverrideDialog({ row, onClose }: Props) {
  const { t } = useTranslation('reconciliation');
  const override = useOverrideProblem();
  const idempotency = useIdempotencyKey();
  const form = useForm<Values>({ defaultValues: { decision: '', remark: '' }, mode: 'onTouched' });
  const errors = form.formState.errors;
  const difference = row.actualAmount - row.expectedAmount;
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      await override.mutateAsync({
        body: { bookingId: row.bookingId, decision: values.decision as Decision, remark: values.remark.trim() },
        idempotencyKey: idempotency.current(),
      });
      idempotency.renew();
      notifySuccess(t('override.done'));
      onClose();
    } catch (error) {
      // field errors next to their fields; a refusal (decided already, no expense) in the dialog
      if (!applyServerFieldErrors(error, form.setError, ['decision', 'remark'])) setRefusal(errorMessage(error, t));
    }
  });

  return (
    <Modal opened onClose={onClose} title={t('override.title', { bookingId: row.bookingId })}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <Text size="sm">
            {t('override.difference')}: <Money cents={difference} fw={600} />
          </Text>
          <Controller
            control={form.control}
            name="decision"
            rules={{ required: t('override.decisionRequired') }}
            render={({ field }) => (
              <Radio.Group
                label={t('override.decision')}
                withAsterisk
                value={field.value}
                onChange={(v) => field.onChange(v as Decision)}
                error={errors.decision?.message}
              >
                <Stack gap="xs" mt="xs">
                  {DECISIONS.map((d) => (
                    <Radio
                      key={d}
                      value={d}
                      label={t(`decision.${d}`)}
                      description={d === 'ACCEPT_PROVIDER' && !row.expenseOspId ? t('override.noExpense') : undefined}
                      data-testid={`decision-${d}`}
                    />
                  ))}
                </Stack>
              </Radio.Group>
            )}
          />
          <Textarea
            label={t('override.remark')}
            withAsterisk
            maxLength={REMARK_MAX}
            error={errors.remark?.message}
            data-testid="override-remark"
            {...form.register('remark', {
              validate: (v) => (v.trim() ? true : t('override.remarkRequired')),
              maxLength: { value: REMARK_MAX, message: t('override.remarkTooLong', { max: REMARK_MAX }) },
            })}
          />
          {refusal && (
            <Alert color="red" role="alert" data-testid="override-refusal">
              {refusal}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={override.isPending}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" loading={override.isPending} data-testid="override-save">
              {t('override.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
