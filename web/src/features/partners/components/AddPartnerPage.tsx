import { Button, Card, Group, Stack, Stepper, Title } from '@mantine/core';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { applyServerFieldErrors } from '@/lib/forms';
import { notifySuccess } from '@/lib/notify';
import { namedRoutes } from '@/lib/routes';
import { useCreatePartner } from '../api/createPartner';
import { BillingFields, BudgetTypesField, IdentityFields } from './PartnerFields';
import {
  BILLING_FIELDS,
  BUDGET_FIELDS,
  EMPTY_PARTNER,
  IDENTITY_FIELDS,
  PARTNER_FIELDS,
  SERVER_FIELD_MAP,
  toPartnerData,
  usePartnerForm,
} from './partnerForm';
import { reportUnplacedError } from './reportUnplacedError';

const STEPS = [
  { key: 'identity', fields: IDENTITY_FIELDS },
  { key: 'billing', fields: BILLING_FIELDS },
  { key: 'budgetTypes', fields: BUDGET_FIELDS },
] as const;

/** partners/add: identity, invoicing and billing, budget types (SPEC §2). */
export default function AddPartnerPage() {
  const { t } = useTranslation('partners');
  const navigate = useNavigate();
  const form = usePartnerForm(EMPTY_PARTNER);
  const [active, setActive] = useState(0);
  const create = useCreatePartner();
  const last = active === STEPS.length - 1;

  const submit = form.handleSubmit(async (values) => {
    try {
      const partner = await create.mutateAsync({
        partnerData: toPartnerData(values),
        selectedBudgetTypes: values.selectedBudgetTypes,
      });
      notifySuccess(t('created', { name: partner.name }));
      navigate(namedRoutes.Partner(partner.ospId));
    } catch (error) {
      // Each step shows the server's errors about its fields; the stepper
      // goes back to the first step that has one.
      if (applyServerFieldErrors(error, form.setError, PARTNER_FIELDS, SERVER_FIELD_MAP)) {
        const step = STEPS.findIndex((s) => s.fields.some((field) => form.getFieldState(field).error));
        if (step >= 0) setActive(step);
      } else {
        reportUnplacedError(error, t);
      }
    }
  });

  const next = async () => {
    if (!(await form.trigger([...STEPS[active]!.fields]))) return;
    if (last) await submit();
    else setActive(active + 1);
  };

  return (
    <Stack gap="lg" maw={960}>
      <Title order={2}>{t('add.title')}</Title>
      <Card withBorder padding="lg">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void next();
          }}
        >
          <Stepper active={active} onStepClick={(index) => index < active && setActive(index)} allowNextStepsSelect={false}>
            <Stepper.Step label={t('add.steps.identity')} data-testid="step-identity">
              <IdentityFields form={form} />
            </Stepper.Step>
            <Stepper.Step label={t('add.steps.billing')} data-testid="step-billing">
              <BillingFields form={form} />
            </Stepper.Step>
            <Stepper.Step label={t('add.steps.budgetTypes')} data-testid="step-budgetTypes">
              <Controller
                control={form.control}
                name="selectedBudgetTypes"
                render={({ field, fieldState }) => (
                  <BudgetTypesField value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
                )}
              />
            </Stepper.Step>
          </Stepper>
          <Group justify="space-between" mt="xl">
            <Button variant="default" onClick={() => (active === 0 ? navigate(-1) : setActive(active - 1))}>
              {active === 0 ? t('actions.cancel') : t('actions.back')}
            </Button>
            <Button type="submit" loading={create.isPending || form.formState.isSubmitting}>
              {last ? t('add.submit') : t('actions.next')}
            </Button>
          </Group>
        </form>
      </Card>
    </Stack>
  );
}
