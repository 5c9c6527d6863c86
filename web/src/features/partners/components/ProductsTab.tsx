import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveProducts, useDisallowedProducts } from '../api/catalogue';
import { CatalogueTab } from './CatalogueTab';

/**
 * partners/{partnerOspId}/products: the products the partner lets its
 * companies offer, from the active products platform staff did not
 * disallow.
 */
export default function ProductsTab() {
  const { t } = useTranslation('partners');
  const products = useActiveProducts();
  const disallowed = useDisallowedProducts();
  const options = useMemo(() => {
    if (!products.data || !disallowed.data) return undefined;
    const off = new Set(disallowed.data.map((p) => p.ospId));
    return products.data
      .filter((p) => !off.has(p.ospId))
      .map((p) => ({ value: p.ospId, label: p.productLabel.defaultValue, description: p.extId || undefined }));
  }, [products.data, disallowed.data]);

  return (
    <CatalogueTab
      field="selectedProducts"
      options={options}
      error={products.error ?? disallowed.error}
      onRetry={() => {
        void products.refetch();
        void disallowed.refetch();
      }}
      label={t('catalogue.products')}
      description={t('catalogue.productsHint')}
      emptyMessage={t('catalogue.noProducts')}
      noneSelected={t('catalogue.noProductsSelected')}
      appliedMessage={t('catalogue.productsApplied')}
      testId="partner-products"
    />
  );
}
