import { lazy, type ComponentType } from 'react';
import { ChunkLoadError } from '@/lib/api/errors';
import { CHUNK_LOAD_TIMEOUT_MS } from '@/lib/constants';

/**
 * React.lazy for a page module, so each screen is its own chunk. A chunk that
 * fails (a new deploy removed it, the network dropped) or has not arrived
 * after 120 s becomes a ChunkLoadError for the route's error page.
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(
    () =>
      new Promise<{ default: ComponentType<P> }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), CHUNK_LOAD_TIMEOUT_MS);
        load().then(
          (module) => {
            clearTimeout(timer);
            resolve(module);
          },
          (error: unknown) => {
            clearTimeout(timer);
            reject(new ChunkLoadError(error));
          },
        );
      }),
  );
}
