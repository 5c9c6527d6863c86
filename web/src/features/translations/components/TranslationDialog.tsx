import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { ErrorState } from '@/components/ErrorState';
import { PageLoader } from '@/components/PageLoader';
import { showFormError } from '@/lib/forms';
import { notifySuccess } from '@/lib/notify';
import {
  KEY_MAX_LENGTH,
  LANGUAGE_CODES,
  TEXT_MAX_LENGTH,
  TRANSLATION_TYPES,
  useCreateTranslation,
  useDeleteTranslation,
  useTranslationItem,
  useUpdateTranslation,
  type Translation,
  type TranslationType,
} from '../api/translations';
import { characterCount, serverFields, toWrite, translationSchema, translationValues, type TranslationValues } from './translationForm';

interface Props {
  /** The translation to edit, 'new' to add one, null when closed. */
  target: string | null;
  /** The type a new translation starts with (the list's). */
  type?: TranslationType;
  onClose: () => void;
}

/** Create or edit a translation in a modal: its type, key, default value and the four languages. */
export function TranslationDialog({ target, type, onClose }: Props) {
  const { t } = useTranslation('translations');
  const editing = target !== null && target !== 'new' ? target : null;
  const item = useTranslationItem(editing);
  return (
    <Modal opened={target !== null} onClose={onClose} size="xl" title={editing ? t('dialog.editTitle') : t('dialog.newTitle')}>
      {editing === null ? (
        <TranslationForm translation={null} type={type} onDone={onClose} />
      ) : item.isPending ? (
        <PageLoader />
      ) : item.isError ? (
        <ErrorState error={item.error} onRetry={() => void item.refetch()} />
      ) : (
        <TranslationForm key={item.data.ospId + item.data.updatedOn} translation={item.data} onDone={onClose} />
      )}
    </Modal>
  );
}

function TranslationForm({ translation, type, onDone }: { translation: Translation | null; type?: TranslationType; onDone: () => void }) {
  const { t } = useTranslation('translations');
  const schema = useMemo(() => translationSchema(t), [t]);
  const form = useForm<TranslationValues>({
    resolver: zodResolver(schema),
    defaultValues: translationValues(translation, type),
    mode: 'onTouched',
  });
  const create = useCreateTranslation();
  const update = useUpdateTranslation();
  const remove = useDeleteTranslation();
  const [confirming, setConfirming] = useState(false);
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    const body = toWrite(values);
    try {
      const saved = translation ? await update.mutateAsync({ ospId: translation.ospId, ...body }) : await create.mutateAsync(body);
      notifySuccess(t(translation ? 'dialog.saved' : 'dialog.created', { key: saved.key }));
      onDone();
    } catch (error) {
      const { fields, fieldMap } = serverFields(body);
      showFormError(error, form.setError, fields, t, fieldMap);
    }
  });

  const deleteIt = async () => {
    if (!translation) return;
    await remove.mutateAsync(translation.ospId);
    notifySuccess(t('dialog.deleted', { key: translation.key }));
    setConfirming(false);
    onDone();
  };

  return (
    <form onSubmit={submit} noValidate data-testid="translation-form">
      <Stack gap="md">
        {translation?.type === 'SERVER_MESSAGE' && (
          <Alert color="blue" variant="light">
            {t('dialog.serverMessageHelp')}
          </Alert>
        )}
        <Group grow align="flex-start">
          <Controller
            control={form.control}
            name="type"
            render={({ field }) => (
              <Select
                label={t('fields.type')}
                withAsterisk
                allowDeselect={false}
                data={TRANSLATION_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                error={errors.type?.message}
                comboboxProps={{ withinPortal: true }}
                data-testid="translation-type"
              />
            )}
          />
          <TextInput
            label={t('fields.key')}
            withAsterisk
            maxLength={KEY_MAX_LENGTH}
            error={errors.key?.message}
            {...form.register('key')}
            data-testid="translation-key"
          />
        </Group>
        <CountedText
          control={form.control}
          name="defaultValue"
          label={t('fields.defaultValue')}
          required
          error={errors.defaultValue?.message}
          register={form.register('defaultValue')}
          testId="translation-default"
        />
        {LANGUAGE_CODES.map((code) => (
          <CountedText
            key={code}
            control={form.control}
            name={`texts.${code}`}
            label={t(`languages.${code}`)}
            error={errors.texts?.[code]?.message}
            register={form.register(`texts.${code}`)}
            testId={`translation-text-${code}`}
          />
        ))}
        <Text size="xs" c="dimmed">
          {t('dialog.languagesHelp')}
        </Text>
        <Group justify="space-between">
          {translation ? (
            <Button color="red" variant="light" onClick={() => setConfirming(true)} data-testid="translation-delete">
              {t('dialog.delete')}
            </Button>
          ) : (
            <span />
          )}
          <Group>
            <Button variant="default" onClick={onDone}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending} data-testid="translation-save">
              {t('dialog.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('dialog.deleteTitle')}
        message={t('dialog.deleteMessage', { key: translation?.key ?? '' })}
        confirmLabel={t('dialog.delete')}
        danger
        loading={remove.isPending}
        onConfirm={() => void deleteIt().catch(() => setConfirming(false))}
        onClose={() => setConfirming(false)}
      />
    </form>
  );
}

/** A long text in a textarea the user can make taller, with its length against the 90,000 allowed. */
function CountedText(props: {
  control: Control<TranslationValues>;
  name: 'defaultValue' | `texts.${(typeof LANGUAGE_CODES)[number]}`;
  label: string;
  required?: boolean;
  error?: string;
  register: ReturnType<ReturnType<typeof useForm<TranslationValues>>['register']>;
  testId: string;
}) {
  const { t, i18n } = useTranslation('translations');
  const value = useWatch({ control: props.control, name: props.name }) ?? '';
  const count = characterCount(value);
  const format = (n: number) => n.toLocaleString(i18n.language);
  return (
    <Textarea
      label={props.label}
      withAsterisk={props.required}
      rows={3}
      resize="vertical"
      error={props.error}
      description={
        <Text component="span" size="xs" c={count > TEXT_MAX_LENGTH ? 'red.8' : 'gray.7'} data-testid={`${props.testId}-count`}>
          {t('dialog.count', { length: format(count), max: format(TEXT_MAX_LENGTH) })}
        </Text>
      }
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      {...props.register}
      data-testid={props.testId}
    />
  );
}
