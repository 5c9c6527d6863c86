import { Image } from '@mantine/core';
import { useIcon } from '../api/icon';

/** A service resource's icon (GET image/icon), nothing when it has none. */
export function ResourceIcon({ ospId, version, alt, size = 24 }: { ospId: string; version: string | null | undefined; alt: string; size?: number }) {
  const url = useIcon(ospId, version);
  if (!url) return null;
  return <Image src={url} alt={alt} w={size} h={size} fit="contain" data-testid={`icon-${ospId}`} />;
}
