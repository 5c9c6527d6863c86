import { Button, Card, Checkbox, Group, Stack } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { fieldErrorMessage } from '@/lib/api/errorMessage';
import { notifySuccess } from '@/lib/notify';
import { useUpdatePartner } from '../api/updatePartner';
import type { Partner } from '../api/types';
import { fromPartner, toPartnerData } from './partnerForm';
import { useDetailPartner } from './PartnerDetailPage';
import { reportUnplacedError } from './reportUnplacedError';

/** The partner's selections, each saved by its own tab. */
export type SelectionField = 'selectedBudgetTypes' | 'selectedProducts' | 'selectedServiceResources';

interface Props {
  field: SelectionField;
  /** The tab's selection as the user left it. */
  value: string[];
  changed: boolean;
  /** The notice after a save with "apply to all corporate accounts". */
  appliedMessage: string;
  onSaved: (partner: Partner) => void;
  saveTestId: string;
  /** The tab's field, with the refusal the server placed on it. */
  children: (error: string | undefined) => ReactNode;
}

/**
 * The frame of the partner tabs that choose what the partner's companies
 * may offer (budget types, products, service resources): save only this
 * tab's selection (the others are left out, so the server keeps them),
 * optionally applying all of the partner's selections to every company of
 * the partner, which is asked to confirm first.
 */
export function SelectionForm({ field, value, changed, appliedMessage, onSaved, saveTestId, children }: Props) {
  const { t } = useTranslation('partners');
  const partner = useDetailPartner();
  const [apply, setApply] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const update = useUpdatePartner();

  const save = () => {
    setError(undefined);
    update.mutate(
      {
        ospId: partner.ospId,
        partnerData: toPartnerData(fromPartner(partner)),
        [field]: value,
        applyChangesToCorporateAccounts: apply,
      },
      {
        onSuccess: (next) => {
          notifySuccess(apply ? appliedMessage : t('saved'));
          onSaved(next);
          setApply(false);
          setConfirming(false);
        },
        onError: (failure) => {
          setConfirming(false);
          const message = fieldErrorMessage(failure, field, t) ?? fieldErrorMessage(failure, 'applyChangesToCorporateAccounts', t);
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
          {children(error)}
          <Checkbox
            label={t('apply.label')}
            description={t('apply.hint')}
            checked={apply}
            onChange={(event) => setApply(event.currentTarget.checked)}
            data-testid="apply-to-companies"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} disabled={!changed && !apply} data-testid={saveTestId}>
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('apply.confirmTitle')}
        message={t('apply.confirmMessage', { name: partner.name })}
        confirmLabel={t('apply.confirmAction')}
        loading={update.isPending}
        onConfirm={save}
      />
    </Card>
  );
}

export const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));
