import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { emptyTranslatedLabel, translatedLabelRule, type TranslatedLabel } from '@/components/TranslationsEditor';
import { MOBILITY_MODES } from '@/lib/constants';
import { createRules } from '@/lib/validation';
import { PRODUCT_LIMITS, type MobilityMode, type Product, type ProductLabelInput } from '../api/types';

export interface ProductValues {
  extId: string;
  mobilityMode: string;
  label: TranslatedLabel;
}

export const EMPTY_PRODUCT: ProductValues = { extId: '', mobilityMode: '', label: emptyTranslatedLabel() };

const TRANSLATION_SLOTS = [0, 1, 2, 3] as const;

/** The form fields the server's field errors can land on. */
export const PRODUCT_FIELDS = [
  'extId',
  'mobilityMode',
  'label.defaultValue',
  'label.defaultValueHtml',
  ...TRANSLATION_SLOTS.flatMap((i) => [`label.translations.${i}.text`, `label.translations.${i}.html`] as const),
] as const;

/**
 * The server names label fields by their JSON path (productLabel.defaultValue,
 * productLabel.labelTranslations[1].text); the form by its own. The
 * translations are sent in the form's order, so the indexes agree.
 */
export const SERVER_FIELD_MAP: Record<string, (typeof PRODUCT_FIELDS)[number]> = {
  'productLabel.defaultValue': 'label.defaultValue',
  'productLabel.defaultValueHtml': 'label.defaultValueHtml',
  ...Object.fromEntries(
    TRANSLATION_SLOTS.flatMap((i) => [
      [`productLabel.labelTranslations[${i}].text`, `label.translations.${i}.text`],
      [`productLabel.labelTranslations[${i}].html`, `label.translations.${i}.html`],
    ]),
  ),
};

export function productSchema(t: TFunction) {
  const rules = createRules(t);
  const extIdLabel = t('products:fields.extId');
  return z.object({
    extId: rules
      .required(extIdLabel)
      .pipe(rules.maxLength(extIdLabel, PRODUCT_LIMITS.extId))
      .pipe(rules.extId(extIdLabel)),
    mobilityMode: z.string().refine((mode) => (MOBILITY_MODES as readonly string[]).includes(mode), {
      message: t('validation:required', { label: t('products:fields.mobilityMode') }),
    }),
    label: translatedLabelRule(t, t('products:fields.label'), { maxLength: PRODUCT_LIMITS.label, htmlMaxLength: PRODUCT_LIMITS.html }),
  });
}

export function useProductForm(defaultValues: ProductValues) {
  const { t } = useTranslation('products');
  const schema = useMemo(() => productSchema(t), [t]);
  return useForm<ProductValues>({ resolver: zodResolver(schema), defaultValues, mode: 'onTouched' });
}

export function fromProduct(product: Product): ProductValues {
  const label = product.productLabel;
  return {
    extId: product.extId,
    mobilityMode: product.mobilityMode,
    label: {
      defaultValue: label.defaultValue,
      defaultValueHtml: label.defaultValueHtml,
      translations: label.labelTranslations.map((tr) => ({ languageCode: tr.languageCode, text: tr.text, html: tr.html })),
    },
  };
}

/** The label as create and update take it: trimmed texts, every translation with its HTML (may be empty). */
export function toLabelInput(label: TranslatedLabel): ProductLabelInput {
  return {
    defaultValue: label.defaultValue.trim(),
    defaultValueHtml: label.defaultValueHtml ?? '',
    labelTranslations: label.translations.map((tr) => ({ languageCode: tr.languageCode, text: tr.text.trim(), html: tr.html ?? '' })),
  };
}

export function toProductRequest(values: ProductValues) {
  return {
    extId: values.extId.trim(),
    mobilityMode: values.mobilityMode as MobilityMode,
    productLabel: toLabelInput(values.label),
  };
}

/** Whether the server changed some HTML on saving (it removes scripts, styles, handlers, javascript: links). */
export function htmlWasSanitised(sent: ProductLabelInput, saved: Product): boolean {
  const differs = (before: string | undefined, after: string | undefined) => (before ?? '').trim() !== (after ?? '').trim();
  if (differs(sent.defaultValueHtml, saved.productLabel.defaultValueHtml)) return true;
  return (sent.labelTranslations ?? []).some((tr) =>
    differs(tr.html, saved.productLabel.labelTranslations.find((s) => s.languageCode === tr.languageCode)?.html),
  );
}

/** The product's name in a language: its translation there, else the default value. */
export function productName(product: Pick<Product, 'productLabel'>, language: string): string {
  const label = product.productLabel;
  return label.labelTranslations.find((tr) => tr.languageCode === language)?.text || label.defaultValue;
}
