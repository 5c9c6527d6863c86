import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { WizardForm } from '@/components/WizardForm';
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
    <WizardForm
      title={t('add.title')}
      steps={[
        { key: 'identity', label: t('add.steps.identity'), content: <IdentityFields form={form} /> },
        { key: 'billing', label: t('add.steps.billing'), content: <BillingFields form={form} /> },
        {
          key: 'budgetTypes',
          label: t('add.steps.budgetTypes'),
          content: (
            <Controller
              control={form.control}
              name="selectedBudgetTypes"
              render={({ field, fieldState }) => (
                <BudgetTypesField value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
              )}
            />
          ),
        },
      ]}
      active={active}
      onActiveChange={setActive}
      onNext={next}
      busy={create.isPending || form.formState.isSubmitting}
      labels={{ cancel: t('actions.cancel'), back: t('actions.back'), next: t('actions.next'), submit: t('add.submit') }}
    />
  );
}
