import { Image } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLogo } from '../api/getLogo';

/** The company's (or partner's) logo; nothing at all when there is none. */
export function BrandLogo({ corporateAccountOspId, hasLogo, version }: { corporateAccountOspId: string | null; hasLogo: boolean; version?: string }) {
  const { t } = useTranslation('layout');
  const url = useLogo(corporateAccountOspId, hasLogo, version);
  if (!url) return null;
  return <Image src={url} alt={t('logoAlt')} h={32} w="auto" fit="contain" />;
}
