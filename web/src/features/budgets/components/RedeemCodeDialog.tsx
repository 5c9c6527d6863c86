import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Budget } from '@/lib/api/types';
import { errorMessage } from '@/lib/api/errorMessage';
import { useIdempotencyKey } from '@/lib/api/idempotency';
import { notifySuccess } from '@/lib/notify';
import { useRedeemPromoCode } from '../api/redeemPromoCode';

/** The server's bound on a promo code (budget.RedeemRequest). */
const CODE_MAX = 50;

/**
 * Redeem a promo code on one of a user's active budgets (SPEC §7 Budget
 * redeem): the code is trimmed and required; the call books money, so one
 * Idempotency-Key covers every attempt of a submission. The server's
 * refusal (unknown code, not valid today, already redeemed on that budget,
 * a budget out of reach) is shown in the dialog, translated; success
 * refetches the balances and transactions (useBudgetMutation) and closes.
 */
export function RedeemCodeDialog({ budgets, opened, onClose }: { budgets: Budget[]; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('budgets');
  const active = budgets.filter((b) => b.data.activationStatus !== 'DEACTIVATED');
  const [code, setCode] = useState('');
  const [budgetOspId, setBudgetOspId] = useState<string | null>(active.length === 1 ? active[0]!.ospId : null);
  const [missing, setMissing] = useState(false);
  const redeem = useRedeemPromoCode();
  const idempotency = useIdempotencyKey();
  const trimmed = code.trim();

  const close = () => {
    redeem.reset();
    setCode('');
    setMissing(false);
    onClose();
  };
  const submit = () => {
    setMissing(true);
    if (!trimmed || !budgetOspId) return;
    redeem.mutate(
      { body: { budgetOspId, promoCode: trimmed }, idempotencyKey: idempotency.current() },
      {
        onSuccess: () => {
          idempotency.renew();
          notifySuccess(t('promo.redeemed'));
          close();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t('promo.dialogTitle')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <TextInput
            label={t('promo.label')}
            value={code}
            onChange={(event) => {
              setCode(event.currentTarget.value);
              idempotency.renew(); // another code is another submission
            }}
            maxLength={CODE_MAX}
            required
            error={missing && !trimmed ? t('promo.codeRequired') : undefined}
            data-autofocus
            data-testid="redeem-code"
          />
          <Select
            label={t('promo.budget')}
            data={active.map((b) => ({ value: b.ospId, label: t(`types.${b.budgetType}`, { defaultValue: b.budgetType }) }))}
            value={budgetOspId}
            onChange={(next) => {
              setBudgetOspId(next);
              idempotency.renew();
            }}
            required
            error={missing && !budgetOspId ? t('promo.budgetRequired') : undefined}
            data-testid="redeem-budget"
          />
          {redeem.isError && (
            <Alert color="red" data-testid="redeem-error">
              {errorMessage(redeem.error, t)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={redeem.isPending} data-testid="redeem-submit">
              {t('promo.redeem')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
