import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { CurrencyInput } from '@/components/CurrencyInput';
import { ErrorState } from '@/components/ErrorState';
import { Money } from '@/components/Money';
import { PageLoader } from '@/components/PageLoader';
import { useIdempotencyKey } from '@/lib/api/idempotency';
import { DESCRIPTION_MAX_LENGTH } from '@/lib/constants';
import { showFormError } from '@/lib/forms';
import { toCents } from '@/lib/money';
import { notifySuccess } from '@/lib/notify';
import { namedRoutes } from '@/lib/routes';
import { moneyRule } from '@/lib/validation';
import type { TFunction } from 'i18next';
import { useAddManualAmount } from '../api/addManualAmount';
import { useBudget } from '../api/getBudget';

export interface ManualAmountValues {
  amount: string;
  description: string;
}

export function manualAmountSchema(t: TFunction) {
  return z.object({
    // Negative takes money out; 0 books nothing.
    amount: moneyRule(t, t('budgets:fields.amount'), { allowNegative: true, allowZero: false }),
    description: z
      .string()
      .trim()
      .min(1, t('validation:required', { label: t('budgets:fields.description') }))
      .max(DESCRIPTION_MAX_LENGTH, t('validation:maxLength', { label: t('budgets:fields.description'), max: DESCRIPTION_MAX_LENGTH })),
  });
}

/** budgets/amount/add?budgetOspId=: a manual amount (negative allowed) with a description. */
export default function AddAmountPage() {
  const { t } = useTranslation('budgets');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const budgetOspId = params.get('budgetOspId') ?? '';
  const budget = useBudget(budgetOspId);
  const add = useAddManualAmount();
  const idempotency = useIdempotencyKey();
  const form = useForm<ManualAmountValues>({
    defaultValues: { amount: '', description: '' },
    resolver: zodResolver(manualAmountSchema(t)),
    mode: 'onTouched',
  });

  if (!budgetOspId) return <ErrorState error={new Error(t('amount.noBudget'))} />;
  if (budget.isPending) return <PageLoader />;
  if (budget.isError) return <ErrorState error={budget.error} onRetry={() => void budget.refetch()} />;
  const userOspId = budget.data.data.userOspId;
  const back = userOspId ? namedRoutes.AppUserTab(userOspId, 'budgets') : namedRoutes.Budget(budgetOspId);

  const submit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync({
        body: { budgetOspId, amount: toCents(values.amount) ?? 0, description: values.description.trim() },
        idempotencyKey: idempotency.current(),
      });
      idempotency.renew();
      notifySuccess(t('amount.booked'));
      navigate(back);
    } catch (error) {
      showFormError(error, form.setError, ['amount', 'description'], t);
    }
  });

  return (
    <Stack gap="lg" maw={640}>
      <Anchor component={Link} to={back} size="sm">
        ← {t('backToUser')}
      </Anchor>
      <Title order={2}>{t('amount.title')}</Title>
      <Card withBorder padding="lg">
        <Text size="sm" mb="md">
          {t(`types.${budget.data.budgetType}`, { defaultValue: budget.data.budgetType })}
          {' · '}
          {t('fields.balance')}: <Money cents={budget.data.data.currentAmount} fw={600} />
        </Text>
        <ManualAmountForm form={form} onSubmit={submit} loading={add.isPending} cancelTo={back} />
      </Card>
    </Stack>
  );
}

interface FormProps {
  form: ReturnType<typeof useForm<ManualAmountValues>>;
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  loading: boolean;
  cancelTo: string;
}

export function ManualAmountForm({ form, onSubmit, loading, cancelTo }: FormProps) {
  const { t } = useTranslation('budgets');
  const description = form.watch('description');
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <Stack gap="md">
        <Controller
          control={form.control}
          name="amount"
          render={({ field, fieldState }) => (
            <CurrencyInput
              label={t('fields.amount')}
              description={t('amount.hint')}
              required
              allowNegative
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              data-testid="manual-amount"
            />
          )}
        />
        <Controller
          control={form.control}
          name="description"
          render={({ field, fieldState }) => (
            <Textarea
              label={t('fields.description')}
              required
              minRows={2}
              maxLength={DESCRIPTION_MAX_LENGTH}
              placeholder={t('descriptionPlaceholder', { max: DESCRIPTION_MAX_LENGTH })}
              {...field}
              error={fieldState.error?.message}
              description={t('counter', { count: description.length, max: DESCRIPTION_MAX_LENGTH })}
              data-testid="manual-description"
            />
          )}
        />
        <Group justify="flex-end">
          <Button variant="default" component={Link} to={cancelTo}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={loading} data-testid="manual-submit">
            {t('amount.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
