import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Card, Group, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Textarea, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { CurrencyInput } from '@/components/CurrencyInput';
import { DateField } from '@/components/DateField';
import { ErrorState } from '@/components/ErrorState';
import { useFormatMoney } from '@/components/Money';
import { PageLoader } from '@/components/PageLoader';
import { DESCRIPTION_MAX_LENGTH, MOBILITY_MODES, VAT_PERCENTAGES } from '@/lib/constants';
import { showFormError } from '@/lib/forms';
import { notifySuccess } from '@/lib/notify';
import { namedRoutes } from '@/lib/routes';
import { useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';
import { useCreateExpense } from '../api/createExpense';
import { useIdempotencyKey } from '@/lib/api/idempotency';
import { useCreateRecurring } from '../api/createRecurring';
import { useRecurringTypes } from '../api/getRecurringTypes';
import { useUsageReasons } from '../api/getUsageReasons';
import { useUserBudgets } from '../api/getUserBudgets';
import { emptyExpense, expenseSchema, QUANTITY_DECIMALS, QUANTITY_MAX, toCreateExpense, toCreateRecurring, type ExpenseValues } from './expenseForm';
import { ResourcePicker } from './ResourcePicker';

const FIELDS: (keyof ExpenseValues)[] = ['amount', 'vatPercentage', 'description', 'budgetOspId', 'date', 'usageReason', 'mobilityMode', 'recurringType', 'frequency', 'endDate', 'resource', 'quantity'];

/** expenses/add?userOspId=: a single or recurring external purchase. */
export default function AddExpensePage() {
  const { t } = useTranslation('expenses');
  const navigate = useNavigate();
  const money = useFormatMoney();
  const [params] = useSearchParams();
  const userOspId = params.get('userOspId') ?? '';
  const { ospId: corporateAccountOspId } = useSelectedCorporateAccount();
  const budgets = useUserBudgets(userOspId);
  const reasons = useUsageReasons(corporateAccountOspId ?? '');
  const recurringTypes = useRecurringTypes();
  const createSingle = useCreateExpense();
  const createRecurring = useCreateRecurring();
  const idempotency = useIdempotencyKey();
  const form = useForm<ExpenseValues>({ defaultValues: emptyExpense(), resolver: zodResolver(expenseSchema(t)), mode: 'onTouched' });
  const [kind, description, resource] = useWatch({ control: form.control, name: ['kind', 'description', 'resource'] });
  const back = namedRoutes.AppUserTab(userOspId, 'expenses');

  if (!userOspId) return <ErrorState error={new Error(t('noUser'))} />;
  if (budgets.isPending) return <PageLoader />;
  if (budgets.isError) return <ErrorState error={budgets.error} onRetry={() => void budgets.refetch()} />;

  const activeBudgets = budgets.data.filter((b) => b.data.activationStatus !== 'DEACTIVATED');
  const submit = form.handleSubmit(async (values) => {
    try {
      const idempotencyKey = idempotency.current();
      if (values.kind === 'single') await createSingle.mutateAsync({ body: toCreateExpense(values, userOspId), idempotencyKey });
      else await createRecurring.mutateAsync({ body: toCreateRecurring(values, userOspId), idempotencyKey });
      idempotency.renew();
      notifySuccess(t('created'));
      navigate(back);
    } catch (error) {
      showFormError(error, form.setError, FIELDS, t, { startDate: 'date', type: 'recurringType', resourceOspId: 'resource' });
    }
  });
  const select = (name: keyof ExpenseValues, label: string, data: { value: string; label: string }[], extra: Record<string, unknown> = {}) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          label={label}
          data={data}
          value={(field.value as string) || null}
          onChange={(next) => field.onChange(next ?? '')}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          comboboxProps={{ withinPortal: true }}
          {...extra}
        />
      )}
    />
  );

  return (
    <Stack gap="lg" maw={820}>
      <Anchor component={Link} to={back} size="sm">
        ← {t('backToUser')}
      </Anchor>
      <Title order={2}>{t('add.title')}</Title>
      <Card withBorder padding="lg">
        <form noValidate onSubmit={(event) => void submit(event)}>
          <Stack gap="md">
            <Controller
              control={form.control}
              name="kind"
              render={({ field }) => (
                <SegmentedControl
                  value={field.value}
                  onChange={field.onChange}
                  data={[
                    { value: 'single', label: t('kind.single') },
                    { value: 'recurring', label: t('kind.recurring') },
                  ]}
                  w="fit-content"
                  data-testid="expense-kind"
                />
              )}
            />
            {select(
              'budgetOspId',
              t('fields.budget'),
              activeBudgets.map((b) => ({
                value: b.ospId,
                label: `${t(`budgetTypes.${b.budgetType}`, { defaultValue: b.budgetType })} (${money(b.data.currentAmount)})`,
              })),
              { required: true, 'data-testid': 'expense-budget', nothingFoundMessage: t('noBudgets') },
            )}
            <SimpleGrid cols={2}>
              <Controller
                control={form.control}
                name="amount"
                render={({ field, fieldState }) => (
                  <CurrencyInput
                    label={t('fields.amount')}
                    required
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                    data-testid="expense-amount"
                  />
                )}
              />
              {select(
                'vatPercentage',
                t('fields.vatPercentage'),
                VAT_PERCENTAGES.map((v) => ({ value: String(v), label: `${v} %` })),
                { required: true, allowDeselect: false },
              )}
            </SimpleGrid>
            <Controller
              control={form.control}
              name="description"
              render={({ field, fieldState }) => (
                <Textarea
                  label={t('fields.description')}
                  required
                  maxLength={DESCRIPTION_MAX_LENGTH}
                  placeholder={t('descriptionPlaceholder', { max: DESCRIPTION_MAX_LENGTH })}
                  description={t('counter', { count: description.length, max: DESCRIPTION_MAX_LENGTH })}
                  {...field}
                  error={fieldState.error?.message}
                  data-testid="expense-description"
                />
              )}
            />
            <SimpleGrid cols={2}>
              <Controller
                control={form.control}
                name="date"
                render={({ field, fieldState }) => (
                  <DateField
                    label={kind === 'single' ? t('fields.date') : t('fields.startDate')}
                    required
                    value={field.value}
                    onChange={field.onChange}
                    maxDate={kind === 'single' ? dayjs().toDate() : undefined}
                    error={fieldState.error?.message}
                  />
                )}
              />
              {kind === 'recurring' && (
                <Controller
                  control={form.control}
                  name="endDate"
                  render={({ field, fieldState }) => (
                    <DateField label={t('fields.endDate')} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
                  )}
                />
              )}
            </SimpleGrid>
            {kind === 'recurring' && (
              <SimpleGrid cols={2}>
                {select(
                  'recurringType',
                  t('fields.recurringType'),
                  (recurringTypes.data ?? []).map((r) => ({ value: r.value, label: r.label })),
                  { required: true },
                )}
                {select(
                  'frequency',
                  t('fields.frequency'),
                  [
                    { value: 'MONTH', label: t('frequency.MONTH') },
                    { value: 'YEAR', label: t('frequency.YEAR') },
                  ],
                  { allowDeselect: false },
                )}
              </SimpleGrid>
            )}
            {kind === 'single' && (
              <SimpleGrid cols={2}>
                {select(
                  'usageReason',
                  t('fields.usageReason'),
                  (reasons.data ?? []).filter((r) => r.active).map((r) => ({ value: r.label, label: r.label })),
                  { clearable: true },
                )}
                {select(
                  'mobilityMode',
                  t('fields.mobilityMode'),
                  MOBILITY_MODES.map((m) => ({ value: m, label: t(`modes.${m}`) })),
                  { clearable: true },
                )}
              </SimpleGrid>
            )}
            {kind === 'single' && (
              <SimpleGrid cols={2}>
                <Controller
                  control={form.control}
                  name="resource"
                  render={({ field, fieldState }) => (
                    <ResourcePicker
                      value={field.value}
                      onChange={(next) => {
                        field.onChange(next);
                        // the expense takes the resource's mode unless one was chosen
                        if (next && !form.getValues('mobilityMode') && (MOBILITY_MODES as readonly string[]).includes(next.mobilityMode)) {
                          form.setValue('mobilityMode', next.mobilityMode);
                        }
                        if (!next) form.setValue('quantity', '');
                      }}
                      onBlur={field.onBlur}
                      error={fieldState.error?.message}
                    />
                  )}
                />
                <Controller
                  control={form.control}
                  name="quantity"
                  render={({ field, fieldState }) => (
                    <NumberInput
                      label={t('fields.quantity')}
                      description={t('resource.quantityDescription')}
                      disabled={!resource}
                      min={0}
                      max={QUANTITY_MAX}
                      decimalScale={QUANTITY_DECIMALS}
                      allowNegative={false}
                      value={field.value}
                      onChange={(next) => field.onChange(String(next))}
                      onBlur={field.onBlur}
                      error={fieldState.error?.message}
                      data-testid="expense-quantity"
                    />
                  )}
                />
              </SimpleGrid>
            )}
            <Group justify="flex-end">
              <Button variant="default" component={Link} to={back}>
                {t('actions.cancel')}
              </Button>
              <Button type="submit" loading={createSingle.isPending || createRecurring.isPending} data-testid="expense-submit">
                {t('add.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
