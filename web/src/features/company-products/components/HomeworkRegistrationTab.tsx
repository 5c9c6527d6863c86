import { Button, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { Controller, useForm, useWatch, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CurrencyInput } from '@/components/CurrencyInput';
import { ErrorState } from '@/components/ErrorState';
import { PageLoader } from '@/components/PageLoader';
import { showFormError } from '@/lib/forms';
import { fromCents, toCents } from '@/lib/money';
import { notifySuccess } from '@/lib/notify';
import { useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';
import { moneyRule } from '@/lib/validation';
import { useTravelCompensation } from '../api/getTravelCompensation';
import type { TravelCompensation } from '../api/types';
import { useSaveTravelCompensation } from '../api/updateTravelCompensation';
import { MAX_ALLOWANCE_EUR } from './rates';

interface Values {
  homeWorkEnabled: boolean;
  homeWorkDailyAllowance: string;
}

/**
 * company/products/homework-registration: whether the company compensates
 * home work, and the allowance per home-work day (SPEC §3).
 */
export default function HomeworkRegistrationTab() {
  const { ospId } = useSelectedCorporateAccount();
  const query = useTravelCompensation(ospId);
  if (!ospId || query.isPending) return <PageLoader />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return <HomeworkForm key={query.dataUpdatedAt} compensation={query.data} />;
}

function HomeworkForm({ compensation }: { compensation: TravelCompensation }) {
  const { t } = useTranslation('companyTrips');
  const save = useSaveTravelCompensation();
  const schema = useMemo(() => {
    const allowance = moneyRule(t, t('homework.homeWorkDailyAllowance'), { max: MAX_ALLOWANCE_EUR });
    return z
      .object({ homeWorkEnabled: z.boolean(), homeWorkDailyAllowance: z.string() })
      .superRefine((values, ctx) => {
        // Checked only while shown: switched off, the allowance keeps the server's value.
        if (!values.homeWorkEnabled) return;
        const result = allowance.safeParse(values.homeWorkDailyAllowance);
        if (!result.success) ctx.addIssue({ code: 'custom', path: ['homeWorkDailyAllowance'], message: result.error.issues[0]?.message ?? '' });
      });
  }, [t]);
  const form = useForm<Values>({
    resolver: zodResolver(schema) as never,
    mode: 'onTouched',
    defaultValues: { homeWorkEnabled: compensation.homeWorkEnabled, homeWorkDailyAllowance: fromCents(compensation.homeWorkDailyAllowance) },
  });
  const enabled = useWatch({ control: form.control, name: 'homeWorkEnabled' });

  const onSubmit = form.handleSubmit((values) => {
    const fields: Path<Values>[] = values.homeWorkEnabled ? ['homeWorkEnabled', 'homeWorkDailyAllowance'] : ['homeWorkEnabled'];
    save.mutate(
      {
        corporateAccountOspId: compensation.corporateAccountOspId,
        change: {
          homeWorkEnabled: values.homeWorkEnabled,
          homeWorkDailyAllowance: toCents(values.homeWorkDailyAllowance) ?? compensation.homeWorkDailyAllowance,
        },
      },
      {
        onSuccess: () => notifySuccess(t('saved')),
        onError: (error) => showFormError(error, form.setError, fields, t),
      },
    );
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid="homework-registration-form">
      <Card withBorder padding="md">
        <Stack gap="md">
          <Title order={3} size="h4">
            {t('homework.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('homework.intro')}
          </Text>
          <Controller
            control={form.control}
            name="homeWorkEnabled"
            render={({ field, fieldState }) => (
              <Switch
                label={t('homework.homeWorkEnabled')}
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                data-testid="field-homeWorkEnabled"
              />
            )}
          />
          {enabled && (
            <Controller
              control={form.control}
              name="homeWorkDailyAllowance"
              render={({ field, fieldState }) => (
                <CurrencyInput
                  label={t('homework.homeWorkDailyAllowance')}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                  data-testid="field-homeWorkDailyAllowance"
                  maw={320}
                  required
                />
              )}
            />
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} data-testid="homework-registration-save">
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </form>
  );
}
