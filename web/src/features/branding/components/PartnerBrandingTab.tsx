import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { BrandingEditor } from '@/components/branding/BrandingEditor';

/** partners/{partnerOspId}/branding: the partner's colours and images (platform admin). */
export default function PartnerBrandingTab() {
  const { t } = useTranslation('branding');
  const { partnerOspId } = useParams<{ partnerOspId: string }>();
  if (!partnerOspId) return <Text c="dimmed">{t('partnerTab.missing')}</Text>;
  return <BrandingEditor key={partnerOspId} ownerOspId={partnerOspId} ownerKind="PARTNER" />;
}
