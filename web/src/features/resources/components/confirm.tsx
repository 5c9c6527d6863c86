import { Button, Switch } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { errorMessage } from '@/lib/api/errorMessage';
import { isApiError } from '@/lib/api/errors';
import { notifyError, notifySuccess } from '@/lib/notify';

/** An action that waits for the user's confirmation. */
export interface PendingAction {
  title: string;
  message: string;
  confirmLabel: string;
  danger?: boolean;
  run: () => Promise<unknown>;
  /** Told once it is done. */
  done: string;
  /** After it is done (e.g. leave the page of what was deleted). */
  then?: () => void;
}

/**
 * One confirmation dialog for a screen's actions (activate, deactivate,
 * delete, remove): ask() opens it, confirming runs the action. A failure
 * is told and leaves the dialog open.
 */
export function useConfirm() {
  const { t } = useTranslation();
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      await pending.run();
      notifySuccess(pending.done);
      setPending(null);
      pending.then?.();
    } catch (error) {
      // Told once: by the API client, unless the call handles that error itself.
      if (!(isApiError(error) && error.handled)) notifyError(errorMessage(error, t));
    } finally {
      setBusy(false);
    }
  };
  const dialog = (
    <ConfirmDialog
      opened={pending !== null}
      onClose={() => setPending(null)}
      title={pending?.title ?? ''}
      message={pending?.message ?? ''}
      confirmLabel={pending?.confirmLabel ?? ''}
      danger={pending?.danger}
      loading={busy}
      onConfirm={() => void confirm()}
    />
  );
  return { ask: setPending, dialog };
}

interface Subject {
  name: string;
  active: boolean;
}

/**
 * The confirmations of the catalogue's lists and pages (SPEC §4: resources,
 * groups and labels are activated and deactivated; delete archives).
 */
export function useStatusActions(noun: 'resource' | 'group' | 'label') {
  const { t } = useTranslation('resources');
  const { ask, dialog } = useConfirm();
  const askActive = (subject: Subject, active: boolean, run: () => Promise<unknown>) =>
    ask({
      title: t(active ? 'confirm.activateTitle' : 'confirm.deactivateTitle', { name: subject.name }),
      message: t(active ? `confirm.activate.${noun}` : `confirm.deactivate.${noun}`, { name: subject.name }),
      confirmLabel: t(active ? 'actions.activate' : 'actions.deactivate'),
      danger: !active,
      run,
      done: t(active ? 'confirm.activated' : 'confirm.deactivated', { name: subject.name }),
    });
  const askDelete = (subject: Subject, run: () => Promise<unknown>, then?: () => void) =>
    ask({
      title: t('confirm.deleteTitle', { name: subject.name }),
      message: t(`confirm.delete.${noun}`, { name: subject.name }),
      confirmLabel: t('actions.delete'),
      danger: true,
      run,
      done: t('confirm.deleted', { name: subject.name }),
      then,
    });
  return { ask, askActive, askDelete, dialog };
}

/** The active switch of a row: it changes nothing until the change is confirmed. */
export function ActiveSwitch({ subject, onChange }: { subject: Subject; onChange: (active: boolean) => void }) {
  const { t } = useTranslation('resources');
  return (
    <Switch
      checked={subject.active}
      aria-label={t('actions.toggleActive', { name: subject.name })}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}

export function DeleteButton({ subject, onClick }: { subject: Subject; onClick: () => void }) {
  const { t } = useTranslation('resources');
  return (
    <Button size="xs" variant="subtle" color="red" onClick={onClick} aria-label={t('actions.deleteNamed', { name: subject.name })}>
      {t('actions.delete')}
    </Button>
  );
}
