import { zodResolver } from '@hookform/resolvers/zod';
import { Card, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import {
  translatedLabelRule,
  TranslationsEditor,
  type TranslatedLabel,
} from '@/components/TranslationsEditor';
import { LABEL_TEXT_MAX_LENGTH } from '@/lib/constants';
import { showFormError } from '@/lib/forms';
import { notifySuccess } from '@/lib/notify';
import { namedRoutes } from '@/lib/routes';
import { useCreateLabel, useDeleteLabel, useLabel, useSetLabelActive, useUpdateLabel } from '../../api/labels';
import type { LabelWrite, ResourceLabel } from '../../api/types';
import { byOspId, StatusButtons, useStatusActions } from '../confirm';
import { labelSubject } from './labelSubject';
import { EditFrame, FormButtons, Loaded, useEditTarget } from '../EditFrame';

const TAB = 'labels' as const;

interface LabelValues {
  label: TranslatedLabel;
}

/** The form's value for a label, new or stored. */
export const labelValues = (label: ResourceLabel | null): LabelValues => ({
  label: { defaultValue: label?.defaultValue ?? '', translations: label?.labelTranslations.map((tr) => ({ ...tr })) ?? [] },
});

/** What create (and, with the ospId, update) takes: texts trimmed, each language once. */
export const toLabelWrite = ({ label }: LabelValues): LabelWrite => ({
  defaultValue: label.defaultValue.trim(),
  labelTranslations: label.translations.map(({ languageCode, text }) => ({ languageCode, text: text.trim() })),
});

/** The server's field names (labelTranslations[1].text) on the editor's fields. */
function serverFields(count: number) {
  const fields: FieldPath<LabelValues>[] = ['label.defaultValue', 'label.translations'];
  const fieldMap: Record<string, FieldPath<LabelValues>> = { defaultValue: 'label.defaultValue', labelTranslations: 'label.translations' };
  for (let i = 0; i < count; i++) {
    fields.push(`label.translations.${i}.text`);
    fieldMap[`labelTranslations[${i}].text`] = `label.translations.${i}.text`;
    // a language used twice: said under the list
    fieldMap[`labelTranslations[${i}].languageCode`] = 'label.translations';
  }
  return { fields, fieldMap };
}

/** labels/{createOrEdit}: a label's default text and its translations in en, nl, fr and de, each at most once (SPEC §5). */
export default function LabelEditPage() {
  const target = useEditTarget();
  const query = useLabel(target ?? '', target !== null);
  return <Loaded target={target} query={query}>{(label) => <LabelForm key={label?.ospId} label={label} />}</Loaded>;
}

function LabelForm({ label }: { label: ResourceLabel | null }) {
  const { t } = useTranslation('resources');
  const navigate = useNavigate();
  const schema = useMemo(
    () => z.object({ label: translatedLabelRule(t, t('labels.defaultValue'), { maxLength: LABEL_TEXT_MAX_LENGTH }) }),
    [t],
  );
  const form = useForm<LabelValues>({ resolver: zodResolver(schema), defaultValues: labelValues(label), mode: 'onTouched' });
  const create = useCreateLabel();
  const update = useUpdateLabel();
  const setActive = useSetLabelActive();
  const remove = useDeleteLabel();
  const actions = useStatusActions('label');

  const submit = form.handleSubmit(async (values) => {
    const body = toLabelWrite(values);
    try {
      if (label) {
        const saved = await update.mutateAsync({ ospId: label.ospId, ...body });
        form.reset(labelValues(saved));
        notifySuccess(t('saved', { name: saved.defaultValue }));
      } else {
        const created = await create.mutateAsync(body);
        notifySuccess(t('created', { name: created.defaultValue }));
        navigate(namedRoutes.ResourceEdit(TAB, created.ospId), { replace: true });
      }
    } catch (error) {
      const { fields, fieldMap } = serverFields(values.label.translations.length);
      showFormError(error, form.setError, fields, t, fieldMap);
    }
  });

  const headerActions = label && (
    <StatusButtons
      row={label}
      actions={actions}
      calls={byOspId(labelSubject, setActive.mutateAsync, remove.mutateAsync)}
      onDeleted={() => navigate(namedRoutes.ResourceTab(TAB))}
    />
  );

  return (
    <EditFrame tab={TAB} title={label ? label.defaultValue : t('labels.new')} active={label ? label.active : null} actions={headerActions}>
      <Card withBorder padding="lg" maw={720}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Controller
              control={form.control}
              name="label"
              render={({ field }) => (
                <TranslationsEditor
                  label={t('labels.label')}
                  value={field.value}
                  onChange={field.onChange}
                  errors={form.formState.errors.label}
                  maxLength={LABEL_TEXT_MAX_LENGTH}
                  testId="label"
                />
              )}
            />
            <FormButtons tab={TAB} creating={!label} saving={create.isPending || update.isPending} testId="save-label" />
          </Stack>
        </form>
      </Card>
      {actions.dialog}
    </EditFrame>
  );
}
