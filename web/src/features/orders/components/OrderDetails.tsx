import { Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '@/components/Money';
import { useOrderDetails } from '../api/orders';
import { formatDay, formatTime, StatusBadge } from './OrderList';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w="40%">
        {label}
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}

/**
 * Everything the employee ordered (SPEC §3) and what became of it. The
 * national number is in full only for a caller who may handle the order
 * (the server decides); otherwise it stays masked as in the lists.
 */
export function OrderDetails({ orderId }: { orderId: string }) {
  const { t } = useTranslation('orders');
  const details = useOrderDetails(orderId);
  if (details.isLoading) return <Loader aria-label={t('details.loading')} />;
  if (!details.data) return <Text>{t('details.notFound')}</Text>;
  const o = details.data.order;
  const yes = (b: boolean) => (b ? t('yes') : t('no'));
  return (
    <Stack gap="md" data-testid="order-details">
      <Title order={3}>{t('details.person')}</Title>
      <Table>
        <Table.Tbody>
          <Row label={t('fields.status')}>
            <StatusBadge order={o} />
          </Row>
          <Row label={t('fields.name')}>
            {o.firstname} {o.lastname}
          </Row>
          <Row label={t('fields.gender')}>{t(`gender.${o.gender}`)}</Row>
          <Row label={t('fields.dateOfBirth')}>{formatDay(o.dateOfBirth)}</Row>
          <Row label={t('fields.nationalNumber')}>
            <span data-testid="details-national-number">{o.nationalNumber}</span>
          </Row>
          <Row label={t('fields.address')}>
            {o.street} {o.houseNumber}, {o.postalCode} {o.city} ({o.country})
          </Row>
          <Row label={t('fields.language')}>{o.language}</Row>
          <Row label={t('fields.email')}>{o.email}</Row>
          <Row label={t('fields.company')}>{o.corporateAccountName}</Row>
          <Row label={t('fields.personnelNumber')}>{o.personnelNumber || '—'}</Row>
        </Table.Tbody>
      </Table>
      <Title order={3}>{t('details.card')}</Title>
      <Table>
        <Table.Tbody>
          <Row label={t('fields.product')}>{t(`product.${o.product}`)}</Row>
          <Row label={t('fields.cardNumber')}>{o.cardNumber || t('details.newCard')}</Row>
          <Row label={t('fields.duration')}>{t('months', { count: o.duration })}</Row>
          <Row label={t('fields.startDate')}>{formatDay(o.startDate)}</Row>
          <Row label={t('fields.price')}>
            <Money cents={o.price} />
          </Row>
          {o.product === 'NMBS' && (
            <>
              <Row label={t('fields.type')}>{o.type ? t(`trainType.${o.type}`) : '—'}</Row>
              <Row label={t('fields.route')}>
                {o.origin}
                {o.destination ? ` → ${o.destination}` : ''}
              </Row>
              <Row label={t('fields.travelClass')}>{o.travelClass}</Row>
              <Row label={t('fields.subnets')}>{o.subnets || '—'}</Row>
              <Row label={t('fields.includeParking')}>
                {yes(o.includeParking)}
                {o.includeParking && (
                  <>
                    {' · '}
                    <Money cents={o.parkingPrice} />
                  </>
                )}
              </Row>
            </>
          )}
          <Row label={t('fields.budgetType')}>{t(`budgets:types.${o.budgetType}`, { defaultValue: o.budgetType })}</Row>
          <Row label={t('fields.b2bContractNumber')}>{o.b2bContractNumber || '—'}</Row>
          <Row label={t('fields.limited')}>{yes(o.limited)}</Row>
          <Row label={t('fields.remark')}>{o.remark || '—'}</Row>
          <Row label={t('fields.requestedOn')}>{formatTime(o.requestedOn)}</Row>
        </Table.Tbody>
      </Table>
      {o.status !== 'OPEN' && (
        <>
          <Title order={3}>{t('details.handling')}</Title>
          <Table>
            <Table.Tbody>
              {o.confirmedOn && (
                <>
                  <Row label={t('fields.confirmed')}>{t('details.by', { name: o.confirmedBy || '—', when: formatTime(o.confirmedOn) })}</Row>
                  <Row label={t('fields.effectiveStartDate')}>{formatDay(o.effectiveStartDate ?? '')}</Row>
                  <Row label={t('fields.effectivePrice')}>
                    <Money cents={o.effectivePrice ?? o.price} />
                  </Row>
                </>
              )}
              {o.cancelledOn && (
                <>
                  <Row label={t('fields.cancelled')}>{t('details.by', { name: o.cancelledBy || '—', when: formatTime(o.cancelledOn) })}</Row>
                  <Row label={t('fields.reason')}>{o.cancelReason}</Row>
                </>
              )}
              {o.cancelledAfterConfirm && (
                <Row label={t('fields.charge')}>{t('details.chargeKept')}</Row>
              )}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Stack>
  );
}
