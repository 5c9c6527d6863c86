import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/DateField';
import { ErrorState } from '@/components/ErrorState';
import { PageLoader } from '@/components/PageLoader';
import { isApiError } from '@/lib/api/errors';
import { errorMessage } from '@/lib/api/errorMessage';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useAddIdentificationToken } from '../../api/addIdentificationToken';
import { useTokenTypes } from '../../api/getTokenTypes';

interface Props {
  userOspId: string;
  opened: boolean;
  onClose: () => void;
}

/** Choose a token type first; its fields (from the server's type list) follow. */
export function AddTokenDialog({ userOspId, opened, onClose }: Props) {
  const { t } = useTranslation('users');
  const types = useTokenTypes();
  const add = useAddIdentificationToken();
  const [type, setType] = useState<string | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [validFrom, setValidFrom] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const fieldTypes = types.data?.find((info) => info.type === type)?.fieldTypes ?? [];
  const fieldLabel = (fieldType: string) => t(`tokens.fieldTypes.${fieldType}`, { defaultValue: fieldType });

  const close = () => {
    setType(null);
    setValues({});
    setValidFrom('');
    setErrors({});
    onClose();
  };

  const submit = () => {
    if (!type) return;
    const missing: Record<string, string> = {};
    for (const { fieldType, required } of fieldTypes) {
      if (required && !values[fieldType]?.trim()) {
        missing[fieldType] = t('validation:required', { label: fieldLabel(fieldType) });
      }
    }
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    add.mutate(
      {
        userOspId,
        type: type as NonNullable<typeof types.data>[number]['type'],
        validFrom: validFrom || undefined,
        fields: fieldTypes
          .filter(({ fieldType }) => values[fieldType]?.trim())
          .map(({ fieldType }) => ({ fieldType, value: values[fieldType]!.trim() })),
      },
      {
        onSuccess: () => {
          notifySuccess(t('tokens.added'));
          close();
        },
        onError: (error) => {
          // The server names the field by its field type (or fields.N); show it there when we can.
          const byField: Record<string, string> = {};
          if (isApiError(error)) {
            for (const fe of error.errors) {
              const match = fieldTypes.find((f) => fe.field === f.fieldType || fe.field.endsWith(f.fieldType));
              if (match && fe.messages[0]) byField[match.fieldType] = fe.messages[0];
            }
          }
          if (Object.keys(byField).length > 0) setErrors(byField);
          else notifyError(errorMessage(error, t));
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t('tokens.addTitle')} centered>
      {types.isPending ? (
        <PageLoader />
      ) : types.isError ? (
        <ErrorState error={types.error} onRetry={() => void types.refetch()} />
      ) : (
        <Stack gap="md">
          <Select
            label={t('tokens.type')}
            withAsterisk
            data={types.data.map((info) => ({ value: info.type, label: t(`tokens.types.${info.type}`, { defaultValue: info.type }) }))}
            value={type}
            onChange={(next) => {
              setType(next);
              setValues({});
              setErrors({});
            }}
            comboboxProps={{ withinPortal: true }}
            data-testid="token-type"
          />
          {fieldTypes.map(({ fieldType, required }) => (
            <TextInput
              key={fieldType}
              label={fieldLabel(fieldType)}
              withAsterisk={required}
              value={values[fieldType] ?? ''}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setValues((current) => ({ ...current, [fieldType]: value }));
              }}
              error={errors[fieldType]}
            />
          ))}
          {type && <DateField label={t('tokens.validFrom')} value={validFrom} onChange={setValidFrom} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={add.isPending}>
              {t('actions.cancel')}
            </Button>
            <Button onClick={submit} disabled={!type} loading={add.isPending}>
              {t('tokens.add')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
