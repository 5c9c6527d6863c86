import { zodResolver } from '@hookform/resolvers/zod';
import { Button, MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import i18n from '@/lib/i18n';
import {
  emptyTranslatedLabel,
  translatedLabelRule,
  TranslationsEditor,
  unusedLanguages,
  type TranslatedLabel,
} from './TranslationsEditor';

function Controlled({ initial, withHtml = false, onValue }: { initial: TranslatedLabel; withHtml?: boolean; onValue?: (v: TranslatedLabel) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <TranslationsEditor
      label="Label"
      withHtml={withHtml}
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
    />
  );
}

const renderEditor = (props: Parameters<typeof Controlled>[0]) => {
  const result = render(
    <MantineProvider>
      <Controlled {...props} />
    </MantineProvider>,
  );
  return { ...result, user: userEvent.setup() };
};

async function listboxOf(input: HTMLElement): Promise<HTMLElement> {
  await waitFor(() => expect(input.getAttribute('aria-controls')).toBeTruthy());
  return document.getElementById(input.getAttribute('aria-controls')!)!;
}
async function optionsOf(input: HTMLElement): Promise<string[]> {
  return within(await listboxOf(input)).getAllByRole('option', { hidden: true }).map((o) => o.textContent ?? '');
}

describe('TranslationsEditor', () => {
  it('adds languages in order, each once, until all four are used', { timeout: 20_000 }, async () => {
    const onValue = vi.fn();
    const { user } = renderEditor({ initial: emptyTranslatedLabel(), onValue });
    expect(screen.getByText('No translations yet.')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/Default value/), 'Train');
    await user.click(screen.getByRole('button', { name: 'Add a translation in English' }));
    await user.type(screen.getByLabelText(/Text in English/), 'Train');
    await user.click(screen.getByRole('button', { name: 'Add a translation in Dutch' }));
    await user.type(screen.getByLabelText(/Text in Dutch/), 'Trein');
    await user.click(screen.getByRole('button', { name: 'Add a translation in French' }));
    await user.click(screen.getByRole('button', { name: 'Add a translation in German' }));

    const add = screen.getByTestId('translations-add');
    expect(add).toBeDisabled();
    expect(add).toHaveTextContent('Every language has a translation');
    expect(onValue).toHaveBeenLastCalledWith({
      defaultValue: 'Train',
      defaultValueHtml: '',
      translations: [
        { languageCode: 'en', text: 'Train' },
        { languageCode: 'nl', text: 'Trein' },
        { languageCode: 'fr', text: '' },
        { languageCode: 'de', text: '' },
      ],
    });
  });

  it('offers in each row only its own language and the unused ones, and switches a row to another', { timeout: 20_000 }, async () => {
    const onValue = vi.fn();
    const { user } = renderEditor({
      initial: { defaultValue: 'Bike', translations: [{ languageCode: 'nl', text: 'Fiets' }, { languageCode: 'fr', text: 'Vélo' }] },
      onValue,
    });
    const dutch = screen.getByTestId('translations-language-nl');
    await user.click(dutch);
    expect(await optionsOf(dutch)).toEqual(['Dutch', 'English', 'German']);
    await user.click(within(await listboxOf(dutch)).getByRole('option', { name: 'German', hidden: true }));

    expect(onValue).toHaveBeenLastCalledWith({
      defaultValue: 'Bike',
      translations: [{ languageCode: 'de', text: 'Fiets' }, { languageCode: 'fr', text: 'Vélo' }],
    });
    expect(screen.getByLabelText(/Text in German/)).toHaveValue('Fiets');
    const french = screen.getByTestId('translations-language-fr');
    await user.click(french);
    expect(await optionsOf(french)).toEqual(['French', 'English', 'Dutch']);
  });

  it('removes a translation, which frees its language again', { timeout: 20_000 }, async () => {
    const { user } = renderEditor({
      initial: { defaultValue: 'Bus', translations: TRANSLATIONS_ALL },
    });
    expect(screen.getByTestId('translations-add')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove the translation in French' }));
    expect(screen.queryByLabelText(/Text in French/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Add a translation in French' })).toBeEnabled();
    expect(within(screen.getByRole('list', { name: 'Translations' })).getAllByRole('listitem')).toHaveLength(3);
  });

  it('edits the HTML variants only when asked', { timeout: 20_000 }, async () => {
    const onValue = vi.fn();
    const first = renderEditor({ initial: { defaultValue: 'P', translations: [{ languageCode: 'en', text: 'P' }] } });
    expect(screen.queryByLabelText(/Default value \(HTML\)/)).toBeNull();
    expect(screen.queryByLabelText(/HTML in English/)).toBeNull();
    first.unmount();

    const { user } = renderEditor({ initial: emptyTranslatedLabel(), withHtml: true, onValue });
    await user.type(screen.getByLabelText(/Default value \(HTML\)/), '<b>P</b>');
    await user.click(screen.getByRole('button', { name: 'Add a translation in English' }));
    await user.type(screen.getByLabelText(/HTML in English/), '<i>Park</i>');
    expect(onValue).toHaveBeenLastCalledWith({
      defaultValue: '',
      defaultValueHtml: '<b>P</b>',
      translations: [{ languageCode: 'en', text: '', html: '<i>Park</i>' }],
    });
  });

  it('has no axe violations with every part shown', { timeout: 20_000 }, async () => {
    const { container } = renderEditor({ initial: { defaultValue: 'Bus', defaultValueHtml: '', translations: TRANSLATIONS_ALL }, withHtml: true });
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});

const TRANSLATIONS_ALL: TranslatedLabel['translations'] = [
  { languageCode: 'en', text: 'Bus', html: '' },
  { languageCode: 'nl', text: 'Bus', html: '' },
  { languageCode: 'fr', text: 'Bus', html: '' },
  { languageCode: 'de', text: 'Bus', html: '' },
];

describe('translatedLabelRule', () => {
  const t = i18n.getFixedT('en');
  const rule = translatedLabelRule(t, 'Label', { maxLength: 5, htmlMaxLength: 8 });
  const messages = (value: unknown) => {
    const result = rule.safeParse(value);
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('needs a default value and a text in every added translation, within the limits', () => {
    expect(messages({ defaultValue: ' ', translations: [{ languageCode: 'nl', text: '' }] })).toEqual([
      'defaultValue: Label is required',
      'translations.0.text: Text is required',
    ]);
    expect(messages({ defaultValue: 'Longer', defaultValueHtml: '<b>xx</b>', translations: [] })).toEqual([
      'defaultValue: Label can have at most 5 characters',
      'defaultValueHtml: Default value (HTML) can have at most 8 characters',
    ]);
    expect(messages({ defaultValue: 'Bus', defaultValueHtml: '<b>x</b>', translations: [{ languageCode: 'de', text: 'Bus', html: '' }] })).toEqual([]);
  });

  it('refuses a language used twice or one outside en, nl, fr, de', () => {
    expect(messages({ defaultValue: 'Bus', translations: [{ languageCode: 'nl', text: 'a' }, { languageCode: 'nl', text: 'b' }] })).toEqual([
      'translations: Each language can be used only once',
    ]);
    expect(messages({ defaultValue: 'Bus', translations: [{ languageCode: 'es', text: 'a' }] })).toHaveLength(1);
  });

  it('lists the unused languages in the fixed order', () => {
    expect(unusedLanguages([{ languageCode: 'fr', text: '' }, { languageCode: 'en', text: '' }])).toEqual(['nl', 'de']);
  });
});

describe('TranslationsEditor in a react-hook-form form', () => {
  function FormHarness({ onSubmit }: { onSubmit: (v: { label: TranslatedLabel }) => void }) {
    const t = i18n.getFixedT('en');
    const form = useForm<{ label: TranslatedLabel }>({
      defaultValues: { label: emptyTranslatedLabel() },
      resolver: zodResolver(z.object({ label: translatedLabelRule(t, 'Name', { maxLength: 200 }) })),
    });
    return (
      <form onSubmit={form.handleSubmit(onSubmit)}>
        <Controller
          control={form.control}
          name="label"
          render={({ field }) => (
            <TranslationsEditor label="Name" value={field.value} onChange={field.onChange} errors={form.formState.errors.label} />
          )}
        />
        <Button type="submit">Save</Button>
      </form>
    );
  }

  it('shows the rule’s messages at the fields they belong to and submits once they are fixed', { timeout: 20_000 }, async () => {
    const onSubmit = vi.fn();
    render(
      <MantineProvider>
        <FormHarness onSubmit={onSubmit} />
      </MantineProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add a translation in English' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Text is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/Default value/), 'Train');
    await user.type(screen.getByLabelText(/Text in English/), 'Train');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      label: { defaultValue: 'Train', defaultValueHtml: '', translations: [{ languageCode: 'en', text: 'Train' }] },
    });
  });
});
