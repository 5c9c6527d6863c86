import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveServiceResources } from '../api/catalogue';
import { CatalogueTab } from './CatalogueTab';

/** partners/{partnerOspId}/resources: the service resources the partner lets its companies offer. */
export default function ResourcesTab() {
  const { t } = useTranslation('partners');
  const resources = useActiveServiceResources();
  const options = useMemo(
    () =>
      resources.data?.map((r) => ({
        value: r.ospId,
        label: r.name,
        description: [r.mobilityMode && t(`common:mobilityModes.${r.mobilityMode}`, { defaultValue: r.mobilityMode }), r.mrpPartner.name]
          .filter(Boolean)
          .join(' · '),
      })),
    [resources.data, t],
  );

  return (
    <CatalogueTab
      field="selectedServiceResources"
      options={options}
      error={resources.error}
      onRetry={() => void resources.refetch()}
      label={t('catalogue.resources')}
      description={t('catalogue.resourcesHint')}
      emptyMessage={t('catalogue.noResources')}
      noneSelected={t('catalogue.noResourcesSelected')}
      appliedMessage={t('catalogue.resourcesApplied')}
      testId="partner-resources"
    />
  );
}
