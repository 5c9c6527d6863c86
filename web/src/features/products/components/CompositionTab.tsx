import { Badge, Button, Card, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { PagedTable, type Column } from '@/components/PagedTable';
import { notifySuccess } from '@/lib/notify';
import { useModeName, useMrpPartnerNames } from '../api/catalogue';
import { useCompositionDetails, useDeleteElement, useUpdateElement } from '../api/composition';
import { ELEMENT_KINDS, type ElementDetail } from '../api/types';
import { MandatoryCheckbox, Refusal, unnotifiedMessage } from './parts';
import { useDetailProduct } from './ProductDetailPage';
import { addElementsPath } from './routes';

/** The fields composition/update changes: only those that differ from the element are sent. */
export function elementChanges(element: ElementDetail, position: number, mandatory: boolean) {
  return {
    ...(position !== element.position ? { position } : {}),
    ...(mandatory !== element.mandatory ? { mandatory } : {}),
  };
}

/**
 * products/{productOspId}/composition: the product's active elements by
 * position (the server leaves deactivated resources and groups out), each
 * editable (place, mandatory) and removable; links to the three add routes.
 */
export default function CompositionTab() {
  const { t } = useTranslation('products');
  const product = useDetailProduct();
  const details = useCompositionDetails(product.ospId);
  const partners = useMrpPartnerNames();
  const modeName = useModeName();
  const [editing, setEditing] = useState<ElementDetail | null>(null);
  const [removing, setRemoving] = useState<ElementDetail | null>(null);
  const remove = useDeleteElement();
  const elements = details.data?.elements;

  const nameOf = (e: ElementDetail) => e.name || t('composition.unknownName');
  const columns: Column<ElementDetail>[] = [
    { key: 'position', header: t('composition.position'), render: (e) => e.position, width: 70 },
    { key: 'name', header: t('composition.name'), render: nameOf },
    { key: 'kind', header: t('composition.kind'), render: (e) => t(`kinds.${e.kind}`) },
    { key: 'mode', header: t('fields.mobilityMode'), render: (e) => (e.mobilityMode ? modeName(e.mobilityMode) : '—') },
    {
      key: 'partner',
      header: t('composition.mrpPartner'),
      render: (e) => (e.mrpPartnerOspId ? (partners.data?.get(e.mrpPartnerOspId) ?? e.mrpPartnerOspId) : '—'),
    },
    {
      key: 'mandatory',
      header: t('composition.mandatory'),
      render: (e) => (
        <Badge color={e.mandatory ? 'blue' : 'gray'} variant="light">
          {e.mandatory ? t('composition.mandatoryYes') : t('composition.mandatoryNo')}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: t('columns.actions'),
      hideHeader: true,
      render: (e) => (
        <Group gap="xs" wrap="nowrap" justify="flex-end">
          <Button size="xs" variant="light" onClick={() => setEditing(e)} aria-label={t('composition.editAria', { name: nameOf(e) })}>
            {t('composition.edit')}
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => setRemoving(e)}
            aria-label={t('composition.removeAria', { name: nameOf(e) })}
            data-testid={`element-remove-${e.ospId}`}
          >
            {t('composition.remove')}
          </Button>
        </Group>
      ),
    },
  ];

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync({ productOspId: product.ospId, elementOspId: removing.ospId });
      notifySuccess(t('composition.removed', { name: nameOf(removing) }));
      setRemoving(null);
    } catch {
      // The client told the user; the dialog stays for another try or cancel.
    }
  };

  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Group gap="sm">
          {ELEMENT_KINDS.map((kind) => (
            <Button key={kind} variant="light" component={Link} to={addElementsPath(product.ospId, kind)} data-testid={`add-${kind}`}>
              {t(`composition.add.${kind}`)}
            </Button>
          ))}
        </Group>
        <Text size="sm" c="dimmed">
          {t('composition.help')}
        </Text>
        <PagedTable
          testId="composition-table"
          columns={columns}
          rows={elements}
          rowKey={(e) => e.ospId}
          isLoading={details.isPending}
          error={details.error}
          onRetry={() => void details.refetch()}
          emptyMessage={t('composition.empty')}
        />
      </Stack>
      {editing && (
        <EditElementDialog
          productOspId={product.ospId}
          element={editing}
          name={nameOf(editing)}
          count={elements?.length ?? editing.position}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        opened={removing !== null}
        title={t('composition.removeTitle', { name: removing ? nameOf(removing) : '' })}
        message={t('composition.removeMessage')}
        confirmLabel={t('composition.remove')}
        danger
        loading={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onClose={() => !remove.isPending && setRemoving(null)}
      />
    </Card>
  );
}

function EditElementDialog(props: { productOspId: string; element: ElementDetail; name: string; count: number; onClose: () => void }) {
  const { t } = useTranslation('products');
  const { element } = props;
  const [position, setPosition] = useState<number | string>(element.position);
  const [mandatory, setMandatory] = useState(element.mandatory);
  const [refusal, setRefusal] = useState<string | null>(null);
  const update = useUpdateElement();
  const valid = typeof position === 'number' && Number.isInteger(position) && position >= 1 && position <= props.count;

  const save = async () => {
    if (!valid) return;
    setRefusal(null);
    const changes = elementChanges(element, position, mandatory);
    try {
      if (Object.keys(changes).length > 0) {
        await update.mutateAsync({ productOspId: props.productOspId, elementOspId: element.ospId, ...changes });
        notifySuccess(t('composition.updated', { name: props.name }));
      }
      props.onClose();
    } catch (error) {
      setRefusal(unnotifiedMessage(error, t));
    }
  };

  return (
    <Modal opened onClose={() => !update.isPending && props.onClose()} title={t('composition.editTitle', { name: props.name })} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
        noValidate
      >
        <Stack gap="md">
          <NumberInput
            label={t('composition.position')}
            description={t('composition.positionHelp', { count: props.count })}
            min={1}
            max={props.count}
            allowDecimal={false}
            allowNegative={false}
            value={position}
            onChange={setPosition}
            error={valid ? undefined : t('composition.positionInvalid', { count: props.count })}
            data-testid="element-position"
          />
          <MandatoryCheckbox checked={mandatory} onChange={setMandatory} testId="element-mandatory" />
          <Refusal message={refusal} />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose} disabled={update.isPending}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending} disabled={!valid} data-testid="element-save">
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
