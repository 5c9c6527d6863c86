import { useEffect } from 'react';

/**
 * An image call's answer as an object URL, or null when there is none or
 * the call failed: image calls ignore all errors and a failed load stores
 * no image (SPEC §8).
 */
export async function toObjectUrl(load: () => Promise<Blob | undefined>): Promise<string | null> {
  try {
    const blob = await load();
    return blob && blob.size > 0 ? URL.createObjectURL(blob) : null;
  } catch {
    return null;
  }
}

/**
 * Object URLs hold their image in memory until revoked: this revokes one
 * when it is replaced or no longer shown. Its query keeps no cache
 * (gcTime 0), or a later user would get a dead URL.
 */
export function useRevokeOnChange(url: string | null): void {
  useEffect(() => {
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [url]);
}
