import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withDownloadProgress, type DownloadNotifier } from './download';

function recorder() {
  const events: string[] = [];
  const notifier: DownloadNotifier = {
    show: ({ kind, autoClose }) => events.push(`show ${kind} ${autoClose}`),
    hide: (id) => events.push(`hide ${id.endsWith('-long') ? 'long' : 'started'}`),
  };
  return { events, notifier };
}

const messages = { started: 'started', long: 'long' };
const later = <T,>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
const failLater = (ms: number) => new Promise<never>((_, reject) => setTimeout(() => reject(new Error('boom')), ms));

describe('withDownloadProgress (SPEC §8)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the started message for at least 1000 ms', async () => {
    const { events, notifier } = recorder();
    const done = withDownloadProgress(() => later(100, 'file'), messages, notifier);
    expect(events).toEqual(['show started false']);
    await vi.advanceTimersByTimeAsync(100);
    expect(events).toEqual(['show started false']);
    await vi.advanceTimersByTimeAsync(899);
    expect(events).toEqual(['show started false']);
    await vi.advanceTimersByTimeAsync(1);
    expect(await done).toBe('file');
    expect(events).toEqual(['show started false', 'hide started']);
  });

  it('warns after 10 s that it takes long, for 60 s', async () => {
    const { events, notifier } = recorder();
    const done = withDownloadProgress(() => later(15_000, 'file'), messages, notifier);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(events).toEqual(['show started false']);
    await vi.advanceTimersByTimeAsync(1);
    expect(events).toEqual(['show started false', 'show long 60000']);
    await vi.advanceTimersByTimeAsync(5_000);
    await done;
    expect(events).toEqual(['show started false', 'show long 60000', 'hide started']);
  });

  it('closes the started message at once on an error and never warns afterwards', async () => {
    const { events, notifier } = recorder();
    const done = withDownloadProgress(() => failLater(200), messages, notifier);
    const assertion = expect(done).rejects.toThrow('boom');
    await vi.advanceTimersByTimeAsync(200);
    await assertion;
    expect(events).toEqual(['show started false', 'hide started']);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(events).toEqual(['show started false', 'hide started']);
  });
});
