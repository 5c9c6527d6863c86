import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Card, Group, Stack, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ErrorState } from '@/components/ErrorState';
import { PageLoader } from '@/components/PageLoader';
import { useIdempotencyKey } from '@/lib/api/idempotency';
import { showFormError } from '@/lib/forms';
import { notifySuccess } from '@/lib/notify';
import { namedRoutes } from '@/lib/routes';
import { useCreateBudget } from '../api/createBudget';
import { useBudgetTypes } from '../api/getBudgetTypes';
import { BudgetFields } from './form/BudgetFields';
import { budgetSchema, EMPTY_BUDGET, toWriteData, type BudgetValues } from './form/budgetForm';

const FORM_FIELDS = Object.keys(EMPTY_BUDGET) as (keyof BudgetValues)[];

/** budgets/add?userOspId=: opens a budget of one of the allowed types for a user. */
export default function AddBudgetPage() {
  const { t } = useTranslation('budgets');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const userOspId = params.get('userOspId') ?? '';
  const types = useBudgetTypes(userOspId);
  const create = useCreateBudget();
  const idempotency = useIdempotencyKey();
  const form = useForm<BudgetValues>({
    defaultValues: EMPTY_BUDGET,
    resolver: zodResolver(budgetSchema(t, 'create')),
    mode: 'onTouched',
  });
  const back = namedRoutes.AppUserTab(userOspId, 'budgets');

  if (!userOspId) return <ErrorState error={new Error(t('add.noUser'))} />;
  if (types.isPending) return <PageLoader />;
  if (types.isError) return <ErrorState error={types.error} onRetry={() => void types.refetch()} />;

  const submit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync({
        budgetType: values.budgetType,
        body: { ownerOspId: userOspId, data: toWriteData(values, 'create') },
        idempotencyKey: idempotency.current(),
      });
      idempotency.renew();
      notifySuccess(t('add.created'));
      navigate(back);
    } catch (error) {
      showFormError(error, form.setError, FORM_FIELDS, t);
    }
  });

  return (
    <Stack gap="lg" maw={760}>
      <Anchor component={Link} to={back} size="sm">
        ← {t('backToUser')}
      </Anchor>
      <Title order={2}>{t('add.title')}</Title>
      <Card withBorder padding="lg">
        <form noValidate onSubmit={(event) => void submit(event)}>
          <BudgetFields form={form} types={types.data} mode="create" />
          <Group justify="flex-end" mt="xl">
            <Button variant="default" component={Link} to={back}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="budget-submit">
              {t('add.submit')}
            </Button>
          </Group>
        </form>
      </Card>
    </Stack>
  );
}
