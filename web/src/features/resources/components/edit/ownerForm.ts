import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { OWNER_FIRST_DAY, OWNER_LAST_DAY, OWNER_NAME_MAX_LENGTH } from '@/lib/constants';
import { createRules, dayRule, overlappingPeriod, type Period } from '@/lib/validation';
import type { Owner, OwnerWrite } from '../../api/types';

/** One owner period as the dialog holds it; validTo '' is open-ended. */
export interface OwnerValues {
  ownerName: string;
  company: { ospId: string; name: string } | null;
  validFrom: string;
  validTo: string;
}

export const ownerValues = (owner: Owner | null): OwnerValues => ({
  ownerName: owner?.ownerName ?? '',
  company: owner ? { ospId: owner.corporateAccountOspId, name: owner.corporateAccountName } : null,
  validFrom: owner?.validFrom ?? '',
  validTo: owner?.validTo ?? '',
});

export const toOwnerWrite = (values: OwnerValues): OwnerWrite => ({
  ownerName: values.ownerName.trim(),
  corporateAccountOspId: values.company?.ospId ?? '',
  validFrom: values.validFrom,
  validTo: values.validTo || null,
});

/** The station's other periods as owner/update takes them. */
export const ownerWrites = (owners: Owner[]): OwnerWrite[] =>
  owners.map((o) => ({ ownerName: o.ownerName, corporateAccountOspId: o.corporateAccountOspId, validFrom: o.validFrom, validTo: o.validTo }));

/**
 * The rules of an owner period (SPEC §5, as internal/resource holds them):
 * a company, days within the window, the end not before the start, and no
 * overlap with the station's other periods.
 */
export function ownerSchema(t: TFunction, others: readonly Period[]) {
  const rules = createRules(t);
  const label = (key: string) => t(`resources:owners.fields.${key}`);
  const window = { first: OWNER_FIRST_DAY, last: OWNER_LAST_DAY };
  return z
    .object({
      ownerName: rules.maxLength(label('ownerName'), OWNER_NAME_MAX_LENGTH),
      company: z.object({ ospId: z.string(), name: z.string() }).nullable(),
      validFrom: dayRule(t, label('validFrom'), { ...window, required: true }),
      validTo: dayRule(t, label('validTo'), window),
    })
    .superRefine((value, ctx) => {
      if (!value.company) {
        ctx.addIssue({ code: 'custom', path: ['company'], message: t('validation:required', { label: label('company') }) });
      }
      if (!value.validFrom) return;
      if (value.validTo && value.validTo < value.validFrom) {
        ctx.addIssue({ code: 'custom', path: ['validTo'], message: t('validation:dateOrder') });
        return;
      }
      const period = { validFrom: value.validFrom, validTo: value.validTo || null };
      if (overlappingPeriod([...others, period]) !== -1) {
        ctx.addIssue({ code: 'custom', path: ['validFrom'], message: t('errors:OWNER_PERIODS_OVERLAP') });
      }
    });
}

export function useOwnerForm(owner: Owner | null, others: readonly Period[]) {
  const { t } = useTranslation('resources');
  const schema = useMemo(() => ownerSchema(t, others), [t, others]);
  return useForm<OwnerValues>({ resolver: zodResolver(schema), defaultValues: ownerValues(owner), mode: 'onTouched' });
}
