import { Button, Switch } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import type { Column } from '@/components/PagedTable';
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

export interface Subject {
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

export type StatusActions = ReturnType<typeof useStatusActions>;

/** How a list's or page's status actions reach the server. */
export interface StatusCalls<T> {
  subject: (row: T) => Subject;
  setActive: (row: T, active: boolean) => Promise<unknown>;
  remove: (row: T) => Promise<unknown>;
}

type Mutate<V> = (variables: V) => Promise<unknown>;

/** The status calls of what is named by its ospId (the calls' variables); subject names it in the confirmations. */
export function byOspId<T extends { ospId: string }>(
  subject: (row: T) => Subject,
  setActive: Mutate<{ ospId: string; active: boolean }>,
  remove: Mutate<{ ospId: string }>,
): StatusCalls<T> {
  return {
    subject,
    setActive: (row, active) => setActive({ ospId: row.ospId, active }),
    remove: (row) => remove({ ospId: row.ospId }),
  };
}

/** A list's last two columns: the active switch and delete, each after a confirmation. */
export function statusColumns<T>(
  t: (key: string) => string,
  actions: StatusActions,
  calls: StatusCalls<T>,
  { sortable = false } = {},
): Column<T>[] {
  return [
    {
      key: 'active',
      header: t('fields.active'),
      sortProperty: sortable ? 'active' : undefined,
      render: (row) => (
        <ActiveSwitch
          subject={calls.subject(row)}
          onChange={(active) => actions.askActive(calls.subject(row), active, () => calls.setActive(row, active))}
        />
      ),
    },
    {
      key: 'actions',
      header: t('actions.label'),
      hideHeader: true,
      render: (row) => (
        <DeleteButton subject={calls.subject(row)} onClick={() => actions.askDelete(calls.subject(row), () => calls.remove(row))} />
      ),
    },
  ];
}

/** An edit page's activate-or-deactivate and delete buttons; after a delete the page leaves. */
export function StatusButtons<T>({ row, actions, calls, onDeleted }: { row: T; actions: StatusActions; calls: StatusCalls<T>; onDeleted: () => void }) {
  const { t } = useTranslation('resources');
  const subject = calls.subject(row);
  return (
    <>
      <Button
        variant="default"
        onClick={() => actions.askActive(subject, !subject.active, () => calls.setActive(row, !subject.active))}
        data-testid="toggle-active"
      >
        {subject.active ? t('actions.deactivate') : t('actions.activate')}
      </Button>
      <Button variant="light" color="red" onClick={() => actions.askDelete(subject, () => calls.remove(row), onDeleted)} data-testid="delete">
        {t('actions.delete')}
      </Button>
    </>
  );
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
