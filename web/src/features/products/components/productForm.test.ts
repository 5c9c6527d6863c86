import { describe, expect, it } from 'vitest';
import i18n from '@/lib/i18n';
import { product } from '../test/fixtures';
import {
  EMPTY_PRODUCT,
  fromProduct,
  htmlWasSanitised,
  productName,
  productSchema,
  SERVER_FIELD_MAP,
  toProductRequest,
  type ProductValues,
} from './productForm';

const t = i18n.getFixedT('en');
const issues = (values: ProductValues) => {
  const result = productSchema(t).safeParse(values);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

const valid: ProductValues = {
  extId: 'NMBS_TRAIN',
  mobilityMode: 'TRAIN',
  label: {
    defaultValue: 'Train',
    defaultValueHtml: '<b>Train</b>',
    translations: [{ languageCode: 'nl', text: 'Trein', html: '' }],
  },
};

describe('the product form', () => {
  it('needs extId, a known mobility mode and a default label, one message a field', () => {
    expect(issues(EMPTY_PRODUCT)).toEqual([
      'extId: External id is required',
      'mobilityMode: Mobility mode is required',
      'label.defaultValue: Label is required',
    ]);
    expect(issues(valid)).toEqual([]);
  });

  it('holds extId and the label to the server\'s rules and limits', () => {
    expect(issues({ ...valid, extId: 'nmbs train' })).toEqual(['extId: External id may not contain dots or spaces']);
    expect(issues({ ...valid, extId: 'a.b' })).toEqual(['extId: External id may not contain dots or spaces']);
    expect(issues({ ...valid, extId: 'x'.repeat(51) })).toEqual(['extId: External id can have at most 50 characters']);
    expect(issues({ ...valid, mobilityMode: 'SPACESHIP' })).toEqual(['mobilityMode: Mobility mode is required']);
    expect(issues({ ...valid, label: { ...valid.label, defaultValue: 'x'.repeat(201) } })).toEqual([
      'label.defaultValue: Label can have at most 200 characters',
    ]);
    expect(issues({ ...valid, label: { ...valid.label, defaultValueHtml: 'x'.repeat(5001) } })).toEqual([
      'label.defaultValueHtml: Default value (HTML) can have at most 5000 characters',
    ]);
    expect(
      issues({ ...valid, label: { ...valid.label, translations: [{ languageCode: 'fr', text: '  ', html: '' }] } }),
    ).toEqual(['label.translations.0.text: Text is required']);
  });

  it('sends trimmed texts and every translation with its HTML', () => {
    expect(
      toProductRequest({
        extId: ' NMBS_TRAIN ',
        mobilityMode: 'TRAIN',
        label: { defaultValue: ' Train ', defaultValueHtml: undefined, translations: [{ languageCode: 'de', text: ' Zug ' }] },
      }),
    ).toEqual({
      extId: 'NMBS_TRAIN',
      mobilityMode: 'TRAIN',
      productLabel: { defaultValue: 'Train', defaultValueHtml: '', labelTranslations: [{ languageCode: 'de', text: 'Zug', html: '' }] },
    });
  });

  it('reads a product back into the form', () => {
    const saved = product('pr-1', 'Train', {
      productLabel: {
        defaultValue: 'Train',
        defaultValueHtml: '<b>Train</b>',
        labelOspId: 'l',
        labelTranslations: [{ languageCode: 'fr', text: 'Train', html: '<i>Train</i>' }],
      },
    });
    expect(fromProduct(saved)).toEqual({
      extId: 'TRAIN',
      mobilityMode: 'TRAIN',
      label: { defaultValue: 'Train', defaultValueHtml: '<b>Train</b>', translations: [{ languageCode: 'fr', text: 'Train', html: '<i>Train</i>' }] },
    });
  });

  it('maps the server\'s label fields to the form\'s', () => {
    expect(SERVER_FIELD_MAP['productLabel.defaultValue']).toBe('label.defaultValue');
    expect(SERVER_FIELD_MAP['productLabel.labelTranslations[2].text']).toBe('label.translations.2.text');
    expect(SERVER_FIELD_MAP['productLabel.labelTranslations[3].html']).toBe('label.translations.3.html');
  });

  it('tells when the server changed the HTML, whatever the order of its translations', () => {
    const sent = toProductRequest({
      ...valid,
      label: {
        defaultValue: 'Train',
        defaultValueHtml: '<b>Train</b> ',
        translations: [
          { languageCode: 'nl', text: 'Trein', html: '<i>Trein</i>' },
          { languageCode: 'en', text: 'Train', html: '' },
        ],
      },
    }).productLabel;
    const label = (nlHtml: string) => ({
      defaultValue: 'Train',
      defaultValueHtml: '<b>Train</b>',
      labelOspId: 'l',
      labelTranslations: [
        { languageCode: 'en' as const, text: 'Train', html: '' },
        { languageCode: 'nl' as const, text: 'Trein', html: nlHtml },
      ],
    });
    expect(htmlWasSanitised(sent, product('p', 'Train', { productLabel: label('<i>Trein</i>') }))).toBe(false);
    expect(htmlWasSanitised(sent, product('p', 'Train', { productLabel: label('Trein') }))).toBe(true);
  });

  it('names a product in the reader\'s language, else by its default value', () => {
    const p = product('p', 'Train', {
      productLabel: { defaultValue: 'Train', defaultValueHtml: '', labelOspId: 'l', labelTranslations: [{ languageCode: 'nl', text: 'Trein', html: '' }] },
    });
    expect(productName(p, 'nl')).toBe('Trein');
    expect(productName(p, 'fr')).toBe('Train');
  });
});
