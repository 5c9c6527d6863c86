import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  CAR_CATEGORIES,
  DEFAULT_VAT_PERCENTAGE,
  DESCRIPTION_MAX_LENGTH,
  FEE_MAX_AMOUNT_CENTS,
  FEE_TYPES,
  MAX_CAPACITY,
  MAX_PUMPS,
  RESOURCE_DESCRIPTION_MAX_LENGTH,
  RESOURCE_EXT_ID_MAX_LENGTH,
  RESOURCE_MAX_FEES,
  RESOURCE_MAX_LABELS,
  RESOURCE_NAME_MAX_LENGTH,
  VAT_PERCENT_MAX,
} from '@/lib/constants';
import { fromCents, toCents } from '@/lib/money';
import { createRules, cronRule, latitudeRule, longitudeRule, moneyRule, numberRule } from '@/lib/validation';
import type {
  AnyResource,
  CarCategory,
  Fee,
  FeeType,
  FeeUnit,
  FeeWrite,
  Kind,
  MobilityMode,
  ResourceWriteOf,
} from '../../api/types';
import { isLocated } from '../kinds';

/** One fee as the form holds it: amounts in euros as typed, converted to cents when sent. */
export interface FeeValues {
  feeType: FeeType;
  amount: string;
  /** A variable fee's unit; '' for a fixed one. */
  unit: string;
  vatPercent: string;
  cron: string;
  proRata: boolean;
  onUserBudget: boolean;
  description: string;
}

/** A resource of any kind as the form holds it; a kind leaves out what it has not. */
export interface ResourceValues {
  extId: string;
  name: string;
  description: string;
  mrpPartnerOspId: string;
  mobilityMode: string;
  labelOspIds: string[];
  address: { street: string; streetNumber: string; zipCode: string; city: string };
  latitude: string;
  longitude: string;
  capacity: string;
  carCategory: string;
  numberOfPumps: string;
  fees: FeeValues[];
}

/** The server's lengths of a resource's address (internal/resource Address). */
const ADDRESS_MAX_LENGTH = { street: 100, streetNumber: 20, zipCode: 20, city: 100 };

export const newFee = (): FeeValues => ({
  feeType: 'FIXED',
  amount: '',
  unit: '',
  vatPercent: String(DEFAULT_VAT_PERCENTAGE),
  cron: '',
  proRata: false,
  onUserBudget: true,
  description: '',
});

const feeValues = (fee: Fee): FeeValues => ({
  feeType: fee.feeType,
  amount: fromCents(fee.amount),
  unit: fee.unit,
  vatPercent: String(fee.vatPercent),
  cron: fee.cron,
  proRata: fee.proRata,
  onUserBudget: fee.onUserBudget,
  description: fee.description,
});

/** The form's values for a new resource, or for one to edit. */
export function resourceValues(resource: AnyResource | null): ResourceValues {
  const location = resource && 'address' in resource ? resource : null;
  return {
    extId: resource?.extId ?? '',
    name: resource?.name ?? '',
    description: resource?.description ?? '',
    mrpPartnerOspId: resource?.mrpPartner.ospId ?? '',
    mobilityMode: resource?.mobilityMode ?? '',
    labelOspIds: resource?.labels.map((label) => label.ospId) ?? [],
    address: {
      street: location?.address.street ?? '',
      streetNumber: location?.address.streetNumber ?? '',
      zipCode: location?.address.zipCode ?? '',
      city: location?.address.city ?? '',
    },
    latitude: location ? String(location.latitude) : '',
    longitude: location ? String(location.longitude) : '',
    capacity: resource && 'capacity' in resource && resource.capacity !== null ? String(resource.capacity) : '',
    carCategory: resource && 'carCategory' in resource ? resource.carCategory : '',
    numberOfPumps: resource && 'numberOfPumps' in resource ? String(resource.numberOfPumps) : '',
    fees: resource?.fees.map(feeValues) ?? [],
  };
}

/**
 * The rules of a kind's form (SPEC §5, mirroring internal/resource): the
 * coordinates of located kinds, a whole number of pumps, fees with their
 * type's fields, a schedule's shape (the server's check tells the rest).
 */
export function resourceSchema(kind: Kind, t: TFunction) {
  const rules = createRules(t);
  const label = (key: string) => t(`resources:fields.${key}`);
  const any = z.string();
  const fee = z
    .object({
      feeType: z.enum(FEE_TYPES),
      amount: moneyRule(t, label('amount'), { max: FEE_MAX_AMOUNT_CENTS / 100 }),
      unit: z.string(),
      vatPercent: numberRule(t, label('vatPercent'), { min: 0, max: VAT_PERCENT_MAX, decimals: 2 }),
      cron: cronRule(t, label('cron')),
      proRata: z.boolean(),
      onUserBudget: z.boolean(),
      description: rules.maxLength(label('feeDescription'), DESCRIPTION_MAX_LENGTH),
    })
    .superRefine((value, ctx) => {
      if (value.feeType === 'VARIABLE' && !value.unit) {
        ctx.addIssue({ code: 'custom', path: ['unit'], message: t('validation:required', { label: label('unit') }) });
      }
      if (value.feeType === 'FIXED' && value.proRata && !value.cron.trim()) {
        ctx.addIssue({ code: 'custom', path: ['proRata'], message: t('validation:needsSchedule', { label: label('proRata') }) });
      }
    });
  const located = isLocated(kind);
  return z.object({
    extId: rules
      .required(label('extId'))
      .pipe(rules.extId(label('extId')))
      .pipe(rules.maxLength(label('extId'), RESOURCE_EXT_ID_MAX_LENGTH)),
    name: rules.required(label('name')).pipe(rules.maxLength(label('name'), RESOURCE_NAME_MAX_LENGTH)),
    description: rules.maxLength(label('description'), RESOURCE_DESCRIPTION_MAX_LENGTH),
    mrpPartnerOspId: rules.required(label('mrpPartner')),
    mobilityMode: rules.required(label('mobilityMode')),
    labelOspIds: z.array(z.string()).max(RESOURCE_MAX_LABELS, t('validation:maxItems', { label: label('labels'), max: RESOURCE_MAX_LABELS })),
    address: z.object({
      street: rules.maxLength(label('street'), ADDRESS_MAX_LENGTH.street),
      streetNumber: rules.maxLength(label('streetNumber'), ADDRESS_MAX_LENGTH.streetNumber),
      zipCode: rules.maxLength(label('zipCode'), ADDRESS_MAX_LENGTH.zipCode),
      city: rules.maxLength(label('city'), ADDRESS_MAX_LENGTH.city),
    }),
    latitude: located ? latitudeRule(t, label('latitude')) : any,
    longitude: located ? longitudeRule(t, label('longitude')) : any,
    capacity:
      kind === 'parking' || kind === 'bike'
        ? numberRule(t, label(`capacity.${kind}`), { required: false, integer: true, min: 1, max: MAX_CAPACITY })
        : any,
    carCategory: kind === 'rental' ? rules.required(label('carCategory')) : any,
    numberOfPumps:
      kind === 'gasstation' ? numberRule(t, label('numberOfPumps'), { integer: true, min: 1, max: MAX_PUMPS }) : any,
    fees: z.array(fee).max(RESOURCE_MAX_FEES, t('validation:maxItems', { label: label('fees'), max: RESOURCE_MAX_FEES })),
  });
}

export function useResourceForm(kind: Kind, defaultValues: ResourceValues) {
  const { t } = useTranslation('resources');
  const schema = useMemo(() => resourceSchema(kind, t), [kind, t]);
  return useForm<ResourceValues>({ resolver: zodResolver(schema), defaultValues, mode: 'onTouched' });
}

/** A fee as the API takes it: cents, and only the fields its type has. */
export function toFeeWrite(fee: FeeValues): FeeWrite {
  const fixed = fee.feeType === 'FIXED';
  const cron = fixed ? fee.cron.trim() : '';
  return {
    feeType: fee.feeType,
    amount: toCents(fee.amount) ?? 0,
    ...(fixed ? {} : { unit: fee.unit as FeeUnit }),
    vatPercent: Number(fee.vatPercent),
    ...(cron ? { cron } : {}),
    proRata: Boolean(cron) && fee.proRata,
    onUserBudget: fee.onUserBudget,
    ...(fee.description.trim() ? { description: fee.description.trim() } : {}),
  };
}

/** What create (and, with the ospId, update) of the kind takes. */
export function toResourceWrite<K extends Kind>(kind: K, values: ResourceValues): ResourceWriteOf<K> {
  const base = {
    extId: values.extId.trim(),
    name: values.name.trim(),
    description: values.description.trim(),
    mrpPartnerOspId: values.mrpPartnerOspId,
    mobilityMode: values.mobilityMode as MobilityMode,
    labelOspIds: values.labelOspIds,
    fees: values.fees.map(toFeeWrite),
  };
  if (!isLocated(kind)) return base as ResourceWriteOf<K>;
  const located = {
    ...base,
    address: {
      street: values.address.street.trim(),
      streetNumber: values.address.streetNumber.trim(),
      zipCode: values.address.zipCode.trim(),
      city: values.address.city.trim(),
    },
    latitude: Number(values.latitude),
    longitude: Number(values.longitude),
  };
  switch (kind) {
    case 'parking':
    case 'bike':
      return { ...located, ...(values.capacity.trim() ? { capacity: Number(values.capacity) } : {}) } as ResourceWriteOf<K>;
    case 'rental':
      return { ...located, carCategory: values.carCategory as CarCategory } as ResourceWriteOf<K>;
    case 'gasstation':
      return { ...located, numberOfPumps: Number(values.numberOfPumps) } as ResourceWriteOf<K>;
    default:
      return located as ResourceWriteOf<K>;
  }
}

const FEE_FIELDS = ['feeType', 'amount', 'unit', 'vatPercent', 'cron', 'proRata', 'onUserBudget', 'description'] as const;
const TOP_FIELDS = [
  'extId', 'name', 'description', 'mrpPartnerOspId', 'mobilityMode', 'labelOspIds', 'latitude', 'longitude',
  'capacity', 'carCategory', 'numberOfPumps', 'fees', 'address.street', 'address.streetNumber', 'address.zipCode', 'address.city',
] as const;

/**
 * The form fields a server error may name, and how its names map onto them
 * (fees[2].cron is the form's fees.2.cron), for lib/forms' showFormError.
 */
export function serverFields(feeCount: number) {
  const fields: FieldPath<ResourceValues>[] = [...TOP_FIELDS];
  const fieldMap: Record<string, FieldPath<ResourceValues>> = {};
  for (let i = 0; i < feeCount; i++) {
    for (const name of FEE_FIELDS) {
      const path = `fees.${i}.${name}` as const;
      fields.push(path);
      fieldMap[`fees[${i}].${name}`] = path;
    }
  }
  return { fields, fieldMap };
}

export const CAR_CATEGORY_VALUES: readonly CarCategory[] = CAR_CATEGORIES;
