import { Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useFormatMoney } from '@/components/Money';
import { useIdempotencyKey } from '@/lib/api/idempotency';
import { DESCRIPTION_MAX_LENGTH } from '@/lib/constants';
import { notifySuccess } from '@/lib/notify';
import { useCreditInvoice, useSendInvoice } from '../api/invoices';
import type { Invoice } from '../api/types';

interface Props {
  invoice: Pick<Invoice, 'ospId' | 'number' | 'totalAmount'>;
  onClose: () => void;
}

/** A credit note cancels an issued invoice (never edited); staff confirm it with a reason. */
export function CreditNoteDialog({ invoice, onClose }: Props) {
  const { t } = useTranslation('invoices');
  const credit = useCreditInvoice();
  const idempotency = useIdempotencyKey();
  const format = useFormatMoney();
  const [reason, setReason] = useState('');
  const confirm = () =>
    credit.mutate(
      { body: { ospId: invoice.ospId, reason: reason.trim() }, idempotencyKey: idempotency.current() },
      {
        onSuccess: (note) => {
          idempotency.renew();
          notifySuccess(t('creditNote.done', { number: note.number }));
          onClose();
        },
      },
    );
  return (
    <ConfirmDialog
      opened
      title={t('creditNote.title')}
      message={t('creditNote.message', { number: invoice.number, total: format(invoice.totalAmount) })}
      confirmLabel={t('creditNote.confirm')}
      onConfirm={confirm}
      onClose={onClose}
      loading={credit.isPending}
      confirmDisabled={!reason.trim()}
      danger
    >
      <Textarea
        label={t('creditNote.reason')}
        required
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        maxLength={DESCRIPTION_MAX_LENGTH}
        data-testid="credit-note-reason"
      />
    </ConfirmDialog>
  );
}

/** Sends a document again: mail to the invoicing contacts, or Peppol (the server knows which). */
export function SendDialog({ invoice, onClose }: Props) {
  const { t } = useTranslation('invoices');
  const send = useSendInvoice();
  const confirm = () =>
    send.mutate(invoice.ospId, {
      onSuccess: () => {
        notifySuccess(t('send.done', { number: invoice.number }));
        onClose();
      },
    });
  return (
    <ConfirmDialog
      opened
      title={t('send.title')}
      message={t('send.message', { number: invoice.number })}
      confirmLabel={t('send.confirm')}
      onConfirm={confirm}
      onClose={onClose}
      loading={send.isPending}
    />
  );
}
