import { notifications } from '@mantine/notifications';
import { NOTIFICATION_DURATION_MS } from './constants';

// Every notification stays 10 s and can be closed (SPEC §8).

export function notifyError(message: string, title?: string): void {
  notifications.show({
    color: 'red',
    title,
    message,
    autoClose: NOTIFICATION_DURATION_MS,
    withCloseButton: true,
    style: { whiteSpace: 'pre-line' },
  });
}

export function notifySuccess(message: string): void {
  notifications.show({
    color: 'green',
    message,
    autoClose: NOTIFICATION_DURATION_MS,
    withCloseButton: true,
  });
}
