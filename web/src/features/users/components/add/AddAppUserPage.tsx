import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageLoader } from '@/components/PageLoader';
import { WizardForm } from '@/components/WizardForm';
import { useIdempotencyKey } from '@/lib/api/idempotency';
import type { CreateMobileUserRequest } from '@/lib/api/types';
import { namedRoutes } from '@/lib/routes';
import { useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';
import { useCreateMobileUser } from '../../api/createMobileUser';
import { PersonalDetailsFields } from '../form/PersonalDetailsFields';
import { showSaveError } from '../form/submitErrors';
import { usePersonalForm } from '../form/usePersonalForm';
import { EMPTY_PERSONAL, PERSONAL_FIELDS, type PersonalValues } from '../form/userForm';
import { toCreateMobilePayload } from './createPayload';
import { UserGroupsStep } from './UserGroupsStep';

/**
 * The budgets step, supplied by the app (budgets are their own feature):
 * its content, a check before leaving it, the budgets to send with the
 * user, and where the server's errors about them go.
 */
export interface BudgetsStepSlot {
  step: ReactNode;
  validate: () => boolean;
  toRequest: () => NonNullable<CreateMobileUserRequest['userBudgets']>;
  /** Shows a refused create's errors about the budgets; true when there were some. */
  showServerErrors: (error: unknown) => boolean;
}

interface Step {
  key: string;
  /** Fields checked before leaving the step. */
  fields: readonly (keyof PersonalValues)[];
  render: () => ReactNode;
  validate?: () => boolean;
}

/**
 * manage/app-users/add. The steps are a list so the budgets step (SPEC §2:
 * personal details, budgets, user groups) can be inserted between the two.
 */
export default function AddAppUserPage({ budgets }: { budgets?: BudgetsStepSlot } = {}) {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const { account, ospId: companyOspId } = useSelectedCorporateAccount();
  const corporateAccountOspId = account?.ospId ?? companyOspId ?? '';
  const { form, loginCheck } = usePersonalForm(EMPTY_PERSONAL);
  const [groupOspIds, setGroupOspIds] = useState<string[]>([]);
  const [active, setActive] = useState(0);
  const create = useCreateMobileUser();
  // One key per submission: a create retried after a lost answer opens the
  // user and books the start amounts once.
  const idempotency = useIdempotencyKey();

  if (!corporateAccountOspId) return <PageLoader />;

  const steps: Step[] = [
    {
      key: 'personal',
      fields: PERSONAL_FIELDS,
      render: () => (
        <PersonalDetailsFields
          form={form}
          variant="mobile"
          mode="create"
          corporateAccountOspId={corporateAccountOspId}
          loginError={loginCheck.error}
          loginChecking={loginCheck.checking}
        />
      ),
    },
    ...(budgets ? [{ key: 'budgets', fields: [], render: () => budgets.step, validate: budgets.validate }] : []),
    {
      key: 'groups',
      fields: [],
      render: () => (
        <UserGroupsStep corporateAccountOspId={corporateAccountOspId} value={groupOspIds} onChange={setGroupOspIds} />
      ),
    },
  ];
  const last = active === steps.length - 1;

  const stepIsValid = async (index: number) => {
    const step = steps[index]!;
    if (step.validate && !step.validate()) return false;
    const valid = step.fields.length === 0 || (await form.trigger([...step.fields]));
    if (step.fields.includes('login') && loginCheck.error) {
      form.setError('login', { type: 'server', message: loginCheck.error });
      return false;
    }
    return valid;
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      // One call: the user, their groups and budgets are created together or not at all.
      const body = toCreateMobilePayload(values, corporateAccountOspId, groupOspIds, budgets?.toRequest() ?? []);
      const user = await create.mutateAsync({ body, idempotencyKey: idempotency.current() });
      idempotency.renew();
      navigate(namedRoutes.AppUserDetailView(user.ospId));
    } catch (error) {
      // Each step shows the server's errors about its fields; the stepper
      // goes back to the first step that has one.
      const onBudgets = budgets?.showServerErrors(error) ?? false;
      const onPersonal = showSaveError(error, form, t, onBudgets);
      const step = onPersonal ? 'personal' : onBudgets ? 'budgets' : null;
      if (step) setActive(steps.findIndex((s) => s.key === step));
    }
  });

  const next = async () => {
    if (!(await stepIsValid(active))) return;
    if (last) await submit();
    else setActive(active + 1);
  };

  return (
    <WizardForm
      title={t('add.title')}
      steps={steps.map((step) => ({ key: step.key, label: t(`add.steps.${step.key}`), content: step.render() }))}
      active={active}
      onActiveChange={setActive}
      onNext={next}
      busy={create.isPending || form.formState.isSubmitting}
      labels={{ cancel: t('actions.cancel'), back: t('actions.back'), next: t('actions.next'), submit: t('add.submit') }}
    />
  );
}
