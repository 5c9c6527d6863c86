import { Button, Card, Checkbox, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { isApiError } from '@/lib/api/errors';
import { notifySuccess } from '@/lib/notify';
import { useUpdatePartner } from '../api/updatePartner';
import { BudgetTypesField } from './PartnerFields';
import { fromPartner, toPartnerData } from './partnerForm';
import { useDetailPartner } from './PartnerDetailPage';
import { reportUnplacedError } from './reportUnplacedError';

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * partners/{partnerOspId}/budgets: the budget types the partner's companies
 * may offer. "Apply to all corporate accounts" makes every company of the
 * partner offer exactly this selection (asked to confirm first).
 */
export default function BudgetsTab() {
  const { t } = useTranslation('partners');
  const partner = useDetailPartner();
  const saved = partner.selectedBudgetTypes ?? [];
  const [selected, setSelected] = useState<string[]>(saved);
  const [apply, setApply] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const update = useUpdatePartner();
  const changed = !sameSet(selected, saved);

  const save = () => {
    setError(undefined);
    update.mutate(
      {
        ospId: partner.ospId,
        partnerData: toPartnerData(fromPartner(partner)),
        selectedBudgetTypes: selected,
        applyChangesToCorporateAccounts: apply,
      },
      {
        onSuccess: (next) => {
          notifySuccess(apply ? t('budgets.savedAndApplied') : t('saved'));
          setSelected(next.selectedBudgetTypes ?? selected);
          setApply(false);
          setConfirming(false);
        },
        onError: (failure) => {
          setConfirming(false);
          const message = isApiError(failure)
            ? (failure.fieldMessages('selectedBudgetTypes')[0] ?? failure.fieldMessages('applyChangesToCorporateAccounts')[0])
            : undefined;
          if (message) setError(message);
          else reportUnplacedError(failure, t);
        },
      },
    );
  };

  return (
    <Card withBorder padding="lg" maw={720}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (apply) setConfirming(true);
          else save();
        }}
      >
        <Stack gap="lg">
          <BudgetTypesField value={selected} onChange={setSelected} error={error} />
          <Checkbox
            label={t('budgets.apply')}
            description={t('budgets.applyHint')}
            checked={apply}
            onChange={(event) => setApply(event.currentTarget.checked)}
            data-testid="apply-to-companies"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} disabled={!changed && !apply} data-testid="save-budgets">
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('budgets.confirmTitle')}
        message={t('budgets.confirmMessage', { name: partner.name })}
        confirmLabel={t('budgets.confirmAction')}
        loading={update.isPending}
        onConfirm={save}
      />
    </Card>
  );
}
