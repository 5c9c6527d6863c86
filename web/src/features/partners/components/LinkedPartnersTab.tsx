import { Badge, Button, Card, Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { PagedTable, type Column } from '@/components/PagedTable';
import { notifySuccess } from '@/lib/notify';
import { namedRoutes } from '@/lib/routes';
import { useRelatedPartners, useRemoveRelatedPartner } from '../api/relatedPartners';
import type { LinkRelation, PartnerSummary } from '../api/types';
import { useDetailPartner } from './PartnerDetailPage';

interface Removal {
  partner: PartnerSummary;
  relation: LinkRelation;
}

/** partners/{partnerOspId}/linked-partners: its super- and sub-partners. */
export default function LinkedPartnersTab() {
  const { t } = useTranslation('partners');
  const partner = useDetailPartner();
  const query = useRelatedPartners(partner.ospId);
  const remove = useRemoveRelatedPartner();
  const [toRemove, setToRemove] = useState<Removal | null>(null);

  const columns = (relation: LinkRelation): Column<PartnerSummary>[] => [
    { key: 'name', header: t('columns.name'), render: (p) => p.name },
    { key: 'type', header: t('columns.type'), render: (p) => t(`types.${p.partnerType}`, { defaultValue: p.partnerType }) },
    { key: 'extId', header: t('columns.extId'), render: (p) => p.extId },
    {
      key: 'active',
      header: t('columns.active'),
      render: (p) => (
        <Badge color={p.active ? 'green' : 'gray'} variant="light">
          {p.active ? t('active') : t('inactive')}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: t('actions.title'),
      hideHeader: true,
      render: (p) => (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          onClick={() => setToRemove({ partner: p, relation })}
          // The visible text starts the accessible name (axe label-content-name-mismatch).
          aria-label={t('linked.removeLabel', { name: p.name })}
        >
          {t('linked.remove')}
        </Button>
      ),
    },
  ];

  const section = (relation: LinkRelation, rows: PartnerSummary[] | undefined) => (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {relation === 'SUPER' ? t('linked.superPartners') : t('linked.subPartners')}
        </Title>
        <PagedTable
          testId={relation === 'SUPER' ? 'super-partners' : 'sub-partners'}
          columns={columns(relation)}
          rows={rows}
          rowKey={(p) => p.ospId}
          rowHref={(p) => namedRoutes.Partner(p.ospId)}
          isLoading={query.isPending}
          error={query.error}
          onRetry={() => void query.refetch()}
          emptyMessage={relation === 'SUPER' ? t('linked.noSuperPartners') : t('linked.noSubPartners')}
        />
      </Stack>
    </Card>
  );

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button component={Link} to={namedRoutes.AddLinkedPartner(partner.ospId)} data-testid="add-linked-partner">
          {t('linked.add')}
        </Button>
      </Group>
      {section('SUPER', query.data?.superPartners)}
      {section('SUB', query.data?.subPartners)}
      <ConfirmDialog
        opened={toRemove !== null}
        onClose={() => setToRemove(null)}
        danger
        title={t('linked.removeTitle')}
        message={t(toRemove?.relation === 'SUPER' ? 'linked.removeSuperMessage' : 'linked.removeSubMessage', {
          name: toRemove?.partner.name ?? '',
          partner: partner.name,
        })}
        confirmLabel={t('linked.remove')}
        loading={remove.isPending}
        onConfirm={() =>
          toRemove &&
          remove.mutate(
            { ospId: partner.ospId, relatedPartnerOspId: toRemove.partner.ospId, relation: toRemove.relation },
            {
              onSuccess: () => {
                notifySuccess(t('linked.removed'));
                setToRemove(null);
              },
            },
          )
        }
      />
    </Stack>
  );
}
