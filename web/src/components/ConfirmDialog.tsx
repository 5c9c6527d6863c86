import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  loading?: boolean;
  danger?: boolean;
  /** Extra content (a checkbox that must be ticked, …) and whether confirming is allowed yet. */
  children?: ReactNode;
  confirmDisabled?: boolean;
}

export function ConfirmDialog(props: Props) {
  const { t } = useTranslation();
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      <Stack gap="md">
        {typeof props.message === 'string' ? <Text size="sm">{props.message}</Text> : props.message}
        {props.children}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose} disabled={props.loading}>
            {t('cancel')}
          </Button>
          <Button
            color={props.danger ? 'red' : undefined}
            onClick={props.onConfirm}
            loading={props.loading}
            disabled={props.confirmDisabled}
          >
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
