import { Button, Group, Loader, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CurrencyInput } from '@/components/CurrencyInput';
import { ErrorState } from '@/components/ErrorState';
import { formatDateTime } from '@/lib/format';
import { showFormError } from '@/lib/forms';
import { notifySuccess } from '@/lib/notify';
import { usePurchaseEmail, useRejectPurchase, useUpdatePurchase, type Purchase } from '../api/purchases';
import {
  REMARK_MAX,
  DETAILS_MAX,
  UPDATE_FIELDS,
  rejectSchema,
  toUpdateBody,
  updateSchema,
  updateValues,
  type RejectValues,
  type UpdateValues,
} from './purchaseForms';

interface Props {
  purchase: Purchase;
  onClose: () => void;
}

/** Changes the price, remark (sent to the provider) and details of an open purchase. */
export function UpdatePurchaseDialog({ purchase, onClose }: Props) {
  const { t } = useTranslation('pluginOrders');
  const schema = useMemo(() => updateSchema(t), [t]);
  const form = useForm<UpdateValues>({ resolver: zodResolver(schema), defaultValues: updateValues(purchase), mode: 'onTouched' });
  const update = useUpdatePurchase();
  const errors = form.formState.errors;
  const save = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(toUpdateBody(purchase.ospId, values));
      notifySuccess(t('updated'));
      onClose();
    } catch (error) {
      showFormError(error, form.setError, UPDATE_FIELDS, t);
    }
  });
  return (
    <Modal opened onClose={onClose} title={t('dialogs.updateTitle', { product: purchase.productName })} centered>
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack gap="md">
          <Controller
            control={form.control}
            name="price"
            render={({ field }) => (
              <CurrencyInput
                label={t('fields.price')}
                withAsterisk
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.price?.message}
                data-testid="purchase-price"
              />
            )}
          />
          <Textarea
            label={t('fields.remark')}
            description={t('dialogs.remarkHint')}
            autosize
            minRows={2}
            maxLength={REMARK_MAX}
            error={errors.remark?.message}
            {...form.register('remark')}
          />
          <Textarea label={t('fields.details')} autosize minRows={2} maxLength={DETAILS_MAX} error={errors.details?.message} {...form.register('details')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={update.isPending}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" loading={update.isPending} data-testid="save-purchase">
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Rejects a pending purchase with the reason the employee reads. */
export function RejectPurchaseDialog({ purchase, onClose }: Props) {
  const { t } = useTranslation('pluginOrders');
  const schema = useMemo(() => rejectSchema(t), [t]);
  const form = useForm<RejectValues>({ resolver: zodResolver(schema), defaultValues: { reason: '' }, mode: 'onTouched' });
  const reject = useRejectPurchase();
  const save = form.handleSubmit(async (values) => {
    try {
      await reject.mutateAsync({ purchaseOspId: purchase.ospId, reason: values.reason.trim() });
      notifySuccess(t('rejected'));
      onClose();
    } catch (error) {
      showFormError(error, form.setError, ['reason'], t);
    }
  });
  return (
    <Modal opened onClose={onClose} title={t('dialogs.rejectTitle', { product: purchase.productName })} centered>
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('dialogs.rejectText', { name: purchase.userName })}</Text>
          <Textarea
            label={t('fields.reason')}
            withAsterisk
            autosize
            minRows={3}
            maxLength={REMARK_MAX}
            error={form.formState.errors.reason?.message}
            data-testid="reject-reason"
            {...form.register('reason')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={reject.isPending}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" color="red" loading={reject.isPending} data-testid="confirm-reject">
              {t('actions.reject')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The request e-mail as it was sent to the provider. */
export function EmailDialog({ purchase, onClose }: Props) {
  const { t } = useTranslation('pluginOrders');
  const query = usePurchaseEmail(purchase.ospId);
  const mail = query.data;
  return (
    <Modal opened onClose={onClose} title={t('dialogs.emailTitle')} size="lg" centered>
      {query.isPending ? (
        <Loader size="sm" aria-label={t('common:loading')} />
      ) : query.isError || !mail ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Stack gap="sm" data-testid="purchase-email">
          <Text size="sm">
            <strong>{t('email.to')}</strong> {mail.to}
          </Text>
          <Text size="sm">
            <strong>{t('email.sent')}</strong> {formatDateTime(mail.sentAt)} · {mail.sentByName}
          </Text>
          <Text size="sm">
            <strong>{t('email.subject')}</strong> {mail.subject}
          </Text>
          {/* an HTML template is shown as its text: the portal never renders a stored mail's markup */}
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} p="sm" bd="1px solid var(--mantine-color-default-border)">
            {mail.body}
          </Text>
        </Stack>
      )}
    </Modal>
  );
}

/** Who changed a purchase when, oldest first. */
export function HistoryDialog({ purchase, onClose }: Props) {
  const { t } = useTranslation('pluginOrders');
  return (
    <Modal opened onClose={onClose} title={t('dialogs.historyTitle', { product: purchase.productName })} size="lg" centered>
      <Stack gap="sm">
        {purchase.rejectReason && (
          <Text size="sm">
            <strong>{t('fields.reason')}:</strong> {purchase.rejectReason}
          </Text>
        )}
        {purchase.bookingId && (
          <Text size="sm">
            <strong>{t('fields.bookingId')}:</strong> {purchase.bookingId}
          </Text>
        )}
        <Table data-testid="purchase-history">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('history.when')}</Table.Th>
              <Table.Th>{t('history.change')}</Table.Th>
              <Table.Th>{t('history.who')}</Table.Th>
              <Table.Th>{t('history.note')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {purchase.history.map((h, i) => (
              <Table.Tr key={i}>
                <Table.Td>{formatDateTime(h.changedAt)}</Table.Td>
                <Table.Td>
                  {h.fromState && h.fromState !== h.toState ? `${t(`states.${h.fromState}`)} → ` : ''}
                  {h.fromState === h.toState ? t('history.edited') : t(`states.${h.toState}`)}
                </Table.Td>
                <Table.Td>{h.changedByName}</Table.Td>
                <Table.Td>{h.note}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Modal>
  );
}
