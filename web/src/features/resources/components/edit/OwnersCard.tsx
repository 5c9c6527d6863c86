import { Button, Card, Group, Modal, Stack, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/DateField';
import { PagedTable, type Column } from '@/components/PagedTable';
import { isApiError } from '@/lib/api/errors';
import { OWNER_NAME_MAX_LENGTH } from '@/lib/constants';
import { formatDate } from '@/lib/format';
import { showFormError } from '@/lib/forms';
import { notifySuccess } from '@/lib/notify';
import { useOwners, useReplaceOwners } from '../../api/owners';
import type { Owner, ResourceOf } from '../../api/types';
import { useConfirm } from '../confirm';
import { CompanyPicker } from './CompanyPicker';
import { ownerWrites, toOwnerWrite, useOwnerForm } from './ownerForm';

const OVERLAP = 'OWNER_PERIODS_OVERLAP';

/**
 * A gas station's owners (SPEC §2): which company owns it for which days.
 * Each change sends the station's whole list (fuelstation/owner/update);
 * overlapping periods are refused.
 */
export function OwnersCard({ station }: { station: ResourceOf<'gasstation'> }) {
  const { t } = useTranslation('resources');
  const query = useOwners(station.ospId);
  const replace = useReplaceOwners();
  const { ask, dialog } = useConfirm();
  // null: closed; 'new': adding; an owner: editing it.
  const [editing, setEditing] = useState<Owner | 'new' | null>(null);
  const owners = query.data?.owners ?? [];

  const askDelete = (owner: Owner) =>
    ask({
      title: t('owners.deleteTitle'),
      message: t('owners.deleteMessage', { name: owner.ownerName, from: formatDate(owner.validFrom) }),
      confirmLabel: t('actions.delete'),
      danger: true,
      run: () =>
        replace.mutateAsync({ gasStationOspId: station.ospId, owners: ownerWrites(owners.filter((o) => o.ospId !== owner.ospId)) }),
      done: t('owners.deleted'),
    });

  const columns: Column<Owner>[] = [
    { key: 'ownerName', header: t('owners.fields.ownerName'), render: (owner) => owner.ownerName },
    { key: 'validFrom', header: t('owners.fields.validFrom'), render: (owner) => formatDate(owner.validFrom) },
    { key: 'validTo', header: t('owners.fields.validTo'), render: (owner) => (owner.validTo ? formatDate(owner.validTo) : t('owners.openEnded')) },
    { key: 'company', header: t('owners.fields.company'), render: (owner) => owner.corporateAccountName },
    {
      key: 'actions',
      header: t('actions.label'),
      hideHeader: true,
      render: (owner) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Button
            size="xs"
            variant="subtle"
            onClick={() => setEditing(owner)}
            aria-label={t('owners.editNamed', { name: owner.ownerName, from: formatDate(owner.validFrom) })}
          >
            {t('actions.edit')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => askDelete(owner)}
            aria-label={t('owners.deleteNamed', { name: owner.ownerName, from: formatDate(owner.validFrom) })}
          >
            {t('actions.delete')}
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Card withBorder padding="lg" data-testid="owners-card">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>{t('owners.title')}</Title>
          <Button variant="light" size="xs" onClick={() => setEditing('new')} disabled={!query.data} data-testid="add-owner">
            {t('owners.add')}
          </Button>
        </Group>
        <PagedTable
          testId="owners-table"
          columns={columns}
          rows={query.data?.owners}
          rowKey={(owner) => owner.ospId}
          isLoading={query.isPending}
          error={query.error}
          onRetry={() => void query.refetch()}
          emptyMessage={t('owners.empty')}
        />
      </Stack>
      {editing !== null && (
        <OwnerDialog
          stationOspId={station.ospId}
          owners={owners}
          owner={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {dialog}
    </Card>
  );
}

interface DialogProps {
  stationOspId: string;
  owners: Owner[];
  /** null: a new period */
  owner: Owner | null;
  onClose: () => void;
}

/** Adds or changes one owner period; the server's refusal of an overlap shows on its valid-from field. */
function OwnerDialog({ stationOspId, owners, owner, onClose }: DialogProps) {
  const { t } = useTranslation('resources');
  const others = useMemo(() => owners.filter((o) => o.ospId !== owner?.ospId), [owners, owner]);
  const form = useOwnerForm(owner, others);
  const replace = useReplaceOwners();
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    // The edited period keeps its place; a new one comes last.
    const list = owners.map((o) => (o.ospId === owner?.ospId ? toOwnerWrite(values) : ownerWrites([o])[0]!));
    const index = owner ? owners.findIndex((o) => o.ospId === owner.ospId) : list.push(toOwnerWrite(values)) - 1;
    try {
      await replace.mutateAsync({ gasStationOspId: stationOspId, owners: list });
      notifySuccess(owner ? t('owners.saved') : t('owners.added'));
      onClose();
    } catch (error) {
      // Only the period being edited changed, so an overlap is its own.
      if (isApiError(error) && error.errorLabel === OVERLAP) {
        form.setError('validFrom', { type: 'server', message: t(`errors:${OVERLAP}`) });
        return;
      }
      const at = (field: string) => `owners[${index}].${field}`;
      showFormError(error, form.setError, ['ownerName', 'company', 'validFrom', 'validTo'], t, {
        [at('ownerName')]: 'ownerName',
        [at('corporateAccountOspId')]: 'company',
        [at('validFrom')]: 'validFrom',
        [at('validTo')]: 'validTo',
      });
    }
  });

  return (
    <Modal opened onClose={onClose} title={owner ? t('owners.editTitle') : t('owners.addTitle')} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Controller
            control={form.control}
            name="company"
            render={({ field, fieldState }) => (
              <CompanyPicker
                label={t('owners.fields.company')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
          <TextInput
            label={t('owners.fields.ownerName')}
            description={t('owners.ownerNameHint')}
            maxLength={OWNER_NAME_MAX_LENGTH}
            error={errors.ownerName?.message}
            {...form.register('ownerName')}
          />
          <Group grow align="flex-start">
            <Controller
              control={form.control}
              name="validFrom"
              render={({ field, fieldState }) => (
                <DateField
                  label={t('owners.fields.validFrom')}
                  withAsterisk
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                  data-testid="owner-valid-from"
                />
              )}
            />
            <Controller
              control={form.control}
              name="validTo"
              render={({ field, fieldState }) => (
                <DateField
                  label={t('owners.fields.validTo')}
                  description={t('owners.validToHint')}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                  data-testid="owner-valid-to"
                />
              )}
            />
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={replace.isPending}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={replace.isPending} data-testid="save-owner">
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
