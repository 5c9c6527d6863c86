import AddAppUserPage from '@/features/users/components/add/AddAppUserPage';
import { useNewUserBudgets } from '@/features/budgets/components/step/useNewUserBudgets';
import { useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';

/** The add-user stepper with the budgets step (two features, composed here). */
export default function AddAppUserRoute() {
  const { ospId } = useSelectedCorporateAccount();
  const budgets = useNewUserBudgets(ospId ?? '');
  return <AddAppUserPage budgets={budgets} />;
}
