import { Button, Group, Modal, NumberInput, SimpleGrid, Stack, type NumberInputProps } from '@mantine/core';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CurrencyInput } from '@/components/CurrencyInput';
import { showFormError } from '@/lib/forms';
import { notifySuccess } from '@/lib/notify';
import { useCreateTier, useUpdateTier, type AssigneeType, type Tier } from '../api/userFees';
import { MAX_EVENTS, TIER_FIELDS, toTierNumbers, useTierForm } from './tierForm';

interface Props {
  assigneeType: AssigneeType;
  assigneeOspId: string;
  /** The tier to change; null adds one. */
  tier: Tier | null;
  /** The assignee's tiers, to refuse an overlap before the server does. */
  tiers: readonly Tier[];
  onClose: () => void;
}

/** Adds or changes one tier: events from and to, the fee (€, excl. VAT) and the VAT percentage. */
export function TierDialog({ assigneeType, assigneeOspId, tier, tiers, onClose }: Props) {
  const { t } = useTranslation('userFees');
  const others = useMemo(
    () => tiers.filter((x) => x.ospId !== tier?.ospId).map((x) => ({ from: x.eventCountFrom, to: x.eventCountTo })),
    [tiers, tier],
  );
  const form = useTierForm(tier, others);
  const create = useCreateTier();
  const update = useUpdateTier();
  const saving = create.isPending || update.isPending;
  const errors = form.formState.errors;

  const save = form.handleSubmit(async (values) => {
    const numbers = toTierNumbers(values);
    try {
      if (tier) await update.mutateAsync({ ospId: tier.ospId, ...numbers });
      else await create.mutateAsync({ assigneeType, assigneeOspId, ...numbers });
      notifySuccess(t('saved'));
      onClose();
    } catch (error) {
      showFormError(error, form.setError, TIER_FIELDS, t);
    }
  });

  // NumberInput hands numbers or ''; the form keeps what was typed as text.
  // Changing one end of the range checks the other again (to >= from).
  const numberField = (name: 'eventCountFrom' | 'eventCountTo' | 'vatPercent', testId: string, props: NumberInputProps) => (
    <Controller
      control={form.control}
      name={name}
      rules={name === 'vatPercent' ? {} : { deps: name === 'eventCountFrom' ? ['eventCountTo'] : ['eventCountFrom'] }}
      render={({ field }) => (
        <NumberInput
          {...props}
          label={t(`fields.${name}`)}
          withAsterisk
          allowNegative={false}
          hideControls
          value={field.value}
          onChange={(v) => field.onChange(String(v))}
          onBlur={field.onBlur}
          error={errors[name]?.message}
          data-testid={testId}
        />
      )}
    />
  );
  const countProps: NumberInputProps = { allowDecimal: false, min: 1, max: MAX_EVENTS };

  return (
    <Modal opened onClose={onClose} title={tier ? t('editTier') : t('addTier')} centered>
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={2}>
            {numberField('eventCountFrom', 'tier-from', countProps)}
            {numberField('eventCountTo', 'tier-to', countProps)}
          </SimpleGrid>
          <SimpleGrid cols={2}>
            <Controller
              control={form.control}
              name="amount"
              render={({ field }) => (
                <CurrencyInput
                  label={t('fields.amount')}
                  withAsterisk
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.amount?.message}
                  data-testid="tier-amount"
                />
              )}
            />
            {numberField('vatPercent', 'tier-vat', { decimalScale: 2, min: 0, max: 100, suffix: ' %' })}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={saving}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" loading={saving} data-testid="save-tier">
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
