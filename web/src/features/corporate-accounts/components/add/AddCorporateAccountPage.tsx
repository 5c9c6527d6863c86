import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { WizardForm } from '@/components/WizardForm';
import { isApiError } from '@/lib/api/errors';
import { errorMessage } from '@/lib/api/errorMessage';
import { COMPANY_BUDGET_TYPES } from '@/lib/companyFields';
import { applyServerFieldErrors } from '@/lib/forms';
import { notifyError, notifySuccess } from '@/lib/notify';
import { namedRoutes } from '@/lib/routes';
import { useCurrentUser } from '@/lib/session/currentUser';
import { selectCorporateAccount } from '@/lib/session/selection';
import { useCreateCorporateAccount } from '../../api/createCorporateAccount';
import { usePartner, usePartners } from '../../api/getPartners';
import { AdminStep } from './AdminStep';
import { CompanyDetailsStep } from './CompanyDetailsStep';
import {
  ALL_FIELDS,
  companySchema,
  EMPTY_COMPANY,
  SERVER_FIELD_MAP,
  STEP_FIELDS,
  STEPS,
  stepOf,
  toCreateRequest,
  type CompanyFormValues,
} from './companyForm';
import { ContractStep } from './ContractStep';

/**
 * corporate-accounts/add (MSP only), in three steps: company details;
 * contract, payment and invoicing; budget types and the first admin.
 * One create call: the server makes the company and its admin together.
 */
export default function AddCorporateAccountPage() {
  const { t } = useTranslation('companies');
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const platformStaff = Boolean(user?.isOspAdmin);
  const schema = useMemo(() => companySchema(t, { partnerRequired: platformStaff }), [t, platformStaff]);
  const form = useForm<CompanyFormValues>({ resolver: zodResolver(schema), defaultValues: EMPTY_COMPANY, mode: 'onTouched' });
  const [active, setActive] = useState(0);
  const create = useCreateCorporateAccount();

  const partners = usePartners(platformStaff);
  const chosenPartner = useWatch({ control: form.control, name: 'partnerOspId' });
  const partnerOspId = platformStaff ? chosenPartner : (user?.partner?.ospId ?? '');
  const partner = usePartner(partnerOspId);
  // A company offers only what its partner allows; without the partner's
  // answer the server still checks, so every type is offered.
  const waiting = Boolean(partnerOspId) && partner.isPending;
  const allowedBudgetTypes = useMemo<readonly string[]>(
    () =>
      partner.data
        ? COMPANY_BUDGET_TYPES.filter((type) => partner.data.selectedBudgetTypes.includes(type))
        : waiting
          ? []
          : COMPANY_BUDGET_TYPES,
    [partner.data, waiting],
  );

  // The partner's types start ticked; another partner allows others: keep
  // what it allows, or tick all of its types when nothing is left.
  useEffect(() => {
    const selected = form.getValues('selectedBudgetTypes');
    const kept = selected.filter((type) => allowedBudgetTypes.includes(type));
    const next = kept.length > 0 ? kept : [...allowedBudgetTypes];
    if (next.length !== selected.length || next.some((type, i) => type !== selected[i])) {
      form.setValue('selectedBudgetTypes', next);
    }
  }, [allowedBudgetTypes, form]);

  const step = STEPS[active]!;
  const last = active === STEPS.length - 1;

  const submit = form.handleSubmit(async (values) => {
    try {
      const company = await create.mutateAsync(toCreateRequest(values));
      notifySuccess(t('add.created', { name: company.name }));
      selectCorporateAccount(company.ospId);
      navigate(namedRoutes.CompanyDetails(company.ospId));
    } catch (error) {
      // Each field shows the server's message; the stepper goes back to the
      // first step that has one.
      const applied = applyServerFieldErrors(error, form.setError, ALL_FIELDS as Path<CompanyFormValues>[], SERVER_FIELD_MAP);
      if (applied && isApiError(error)) {
        const steps = error.errors.map((e) => stepOf(e.field)).filter((s) => s !== null);
        const first = STEPS.findIndex((s) => steps.includes(s));
        if (first >= 0) setActive(first);
      } else if (!(isApiError(error) && error.handled)) {
        notifyError(errorMessage(error, t));
      }
    }
  });

  const next = async () => {
    let valid = await form.trigger([...STEP_FIELDS[step]] as Path<CompanyFormValues>[]);
    // A partner that allows budget types: the company offers at least one
    // (the server refuses an empty list; without types the list is left out).
    if (step === 'admin' && allowedBudgetTypes.length > 0 && form.getValues('selectedBudgetTypes').length === 0) {
      form.setError('selectedBudgetTypes', {
        type: 'required',
        message: t('validation:required', { label: t('fields.selectedBudgetTypes') }),
      });
      valid = false;
    }
    if (!valid) {
      // The step's fields now check as they change: a message goes away
      // while typing, not on the blur of the click on Next (that would move
      // the button away from under the pointer and lose the click).
      for (const name of STEP_FIELDS[step] as readonly Path<CompanyFormValues>[]) {
        form.setValue(name, form.getValues(name), { shouldTouch: true });
      }
      return;
    }
    if (last) await submit();
    else setActive(active + 1);
  };

  // A new company belongs to an active partner.
  const partnerOptions = platformStaff ? (partners.data ?? []).filter((p) => p.active) : null;

  return (
    <WizardForm
      title={t('add.title')}
      steps={[
        { key: 'details', label: t('add.steps.details'), content: <CompanyDetailsStep form={form} /> },
        { key: 'contract', label: t('add.steps.contract'), content: <ContractStep form={form} partners={partnerOptions} /> },
        { key: 'admin', label: t('add.steps.admin'), content: <AdminStep form={form} allowedBudgetTypes={allowedBudgetTypes} /> },
      ]}
      active={active}
      onActiveChange={setActive}
      onNext={next}
      busy={create.isPending || form.formState.isSubmitting}
      labels={{ cancel: t('actions.cancel'), back: t('actions.back'), next: t('actions.next'), submit: t('add.submit') }}
    />
  );
}
