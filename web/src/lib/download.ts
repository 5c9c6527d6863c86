import { notifications } from '@mantine/notifications';
import { DOWNLOAD_LONG_AFTER_MS, DOWNLOAD_LONG_MESSAGE_MS, DOWNLOAD_STARTED_MIN_MS } from './constants';

/** Hands a blob to the browser as a file download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export interface DownloadMessages {
  started: string;
  long: string;
}

/** What the progress messages are shown with; the app uses Mantine's notifications. */
export interface DownloadNotifier {
  show(options: { id: string; message: string; kind: 'started' | 'long'; autoClose: number | false }): void;
  hide(id: string): void;
}

export const mantineNotifier: DownloadNotifier = {
  show: ({ id, message, kind, autoClose }) =>
    notifications.show({
      id,
      message,
      color: kind === 'long' ? 'yellow' : 'blue',
      loading: kind === 'started',
      autoClose,
      withCloseButton: kind === 'long',
    }),
  hide: (id) => notifications.hide(id),
};

let sequence = 0;

/**
 * Runs a report download with the SPEC §8 messages: "download started"
 * while it runs (at least 1000 ms on success), a "long downloading" warning
 * for 60 s once it takes more than 10 s, and on an error the started
 * message closes at once (the error itself is notified by the API client).
 */
export async function withDownloadProgress<T>(
  task: () => Promise<T>,
  messages: DownloadMessages,
  notifier: DownloadNotifier = mantineNotifier,
): Promise<T> {
  sequence += 1;
  const id = `download-${sequence}`;
  const startedAt = Date.now();
  notifier.show({ id, message: messages.started, kind: 'started', autoClose: false });
  const longTimer = setTimeout(
    () => notifier.show({ id: `${id}-long`, message: messages.long, kind: 'long', autoClose: DOWNLOAD_LONG_MESSAGE_MS }),
    DOWNLOAD_LONG_AFTER_MS,
  );
  try {
    const result = await task();
    clearTimeout(longTimer);
    const remaining = DOWNLOAD_STARTED_MIN_MS - (Date.now() - startedAt);
    if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
    notifier.hide(id);
    return result;
  } catch (error) {
    clearTimeout(longTimer);
    notifier.hide(id);
    throw error;
  }
}
