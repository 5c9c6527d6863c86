import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BudgetTypesField } from './PartnerFields';
import { useDetailPartner } from './PartnerDetailPage';
import { sameSet, SelectionForm } from './SelectionForm';

/**
 * partners/{partnerOspId}/budgets: the budget types the partner's companies
 * may offer. "Apply to all corporate accounts" makes every company of the
 * partner offer exactly the partner's selections (asked to confirm first).
 */
export default function BudgetsTab() {
  const { t } = useTranslation('partners');
  const partner = useDetailPartner();
  const saved = partner.selectedBudgetTypes ?? [];
  const [selected, setSelected] = useState<string[]>(saved);

  return (
    <SelectionForm
      field="selectedBudgetTypes"
      value={selected}
      changed={!sameSet(selected, saved)}
      appliedMessage={t('budgets.savedAndApplied')}
      onSaved={(next) => setSelected(next.selectedBudgetTypes ?? selected)}
      saveTestId="save-budgets"
    >
      {(error) => <BudgetTypesField value={selected} onChange={setSelected} error={error} />}
    </SelectionForm>
  );
}
