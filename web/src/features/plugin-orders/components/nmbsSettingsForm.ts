import type { TFunction } from 'i18next';
import { z } from 'zod';
import type { SeasonTicketConfig, SeasonTicketUpdate } from '../api/nmbsSettings';

/** Season card products and classes (internal/nmbsconfig). */
export const SEASON_PRODUCTS = ['ROUTE', 'NETWORK', 'ROUTE_PLUS'] as const;
export const SEASON_CLASSES = ['1', '2'] as const;

/** SPEC §5: an organism number is 4 letters. */
export const ORGANISM_NUMBER = /^[A-Z]{4}$/;

export interface NmbsValues {
  enabled: boolean;
  products: string[];
  classes: string[];
  budgetTypes: string[];
  parkingAllowed: boolean;
  organismNumber: string;
}

export const NMBS_FIELDS = ['enabled', 'products', 'classes', 'budgetTypes', 'parkingAllowed', 'organismNumber'] as const;

export const nmbsValues = (c: SeasonTicketConfig): NmbsValues => ({
  enabled: c.enabled,
  products: c.products,
  classes: c.classes.map(String),
  budgetTypes: c.budgetTypes,
  parkingAllowed: c.parkingAllowed,
  organismNumber: c.organismNumber,
});

export const toNmbsBody = (corporateAccountOspId: string, v: NmbsValues): SeasonTicketUpdate => ({
  corporateAccountOspId,
  enabled: v.enabled,
  products: v.products as SeasonTicketUpdate['products'],
  classes: v.classes.map(Number),
  budgetTypes: v.budgetTypes,
  parkingAllowed: v.parkingAllowed,
  organismNumber: v.organismNumber.trim().toUpperCase(),
});

/**
 * The rules internal/nmbsconfig holds: the organism number is 4 letters
 * (any case; stored upper case); enabled settings need it and at least
 * one product, class and budget type. Disabled settings may be incomplete.
 */
export function nmbsSchema(t: TFunction) {
  const label = (key: string) => t(`pluginOrders:nmbs.fields.${key}`);
  return z
    .object({
      enabled: z.boolean(),
      products: z.array(z.string()),
      classes: z.array(z.string()),
      budgetTypes: z.array(z.string()),
      parkingAllowed: z.boolean(),
      organismNumber: z.string(),
    })
    .superRefine((v, ctx) => {
      const organism = v.organismNumber.trim().toUpperCase();
      if (organism && !ORGANISM_NUMBER.test(organism)) {
        ctx.addIssue({ code: 'custom', path: ['organismNumber'], message: t('pluginOrders:nmbs.organismRule', { label: label('organismNumber') }) });
      }
      if (!v.enabled) return;
      if (!organism) {
        ctx.addIssue({ code: 'custom', path: ['organismNumber'], message: t('validation:required', { label: label('organismNumber') }) });
      }
      for (const key of ['products', 'classes', 'budgetTypes'] as const) {
        if (v[key].length === 0) {
          ctx.addIssue({ code: 'custom', path: [key], message: t('pluginOrders:nmbs.chooseOne', { label: label(key) }) });
        }
      }
    });
}
