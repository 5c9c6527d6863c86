import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation, useOutletContext, useParams } from 'react-router-dom';
import { ErrorState } from '@/components/ErrorState';
import { NotFoundPage } from '@/components/NotFoundPage';
import { PageLoader } from '@/components/PageLoader';
import { RouteTabs } from '@/components/RouteTabs';
import { paths } from '@/lib/routes';
import { useModeName } from '../api/catalogue';
import { useDisallowedProducts } from '../api/platform';
import { useProduct } from '../api/products';
import type { Product } from '../api/types';
import { productName } from './productForm';
import { ProductStateActions } from './ProductStateActions';

/** Tab order of SPEC §2. */
export const PRODUCT_TABS = ['details', 'composition'] as const;

export function useDetailProduct(): Product {
  return useOutletContext<{ product: Product }>().product;
}

/** products/{productOspId}/…: the product's header, its state actions and the tabs. */
export default function ProductDetailPage() {
  const { t, i18n } = useTranslation('products');
  const { productOspId = '' } = useParams();
  const location = useLocation();
  const query = useProduct(productOspId);
  const disallowed = useDisallowedProducts();
  const modeName = useModeName();
  const basePath = location.pathname.replace(new RegExp(`(/${encodeURIComponent(productOspId)})(/.*)?$`), '$1');

  if (query.isPending) return <PageLoader />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <NotFoundPage />;
  if (!PRODUCT_TABS.some((tab) => location.pathname.startsWith(`${basePath}/${tab}`))) {
    return <Navigate to={{ pathname: `${basePath}/${PRODUCT_TABS[0]}`, search: location.search }} replace />;
  }
  const product = query.data;
  const name = productName(product, i18n.language);
  const isDisallowed = disallowed.data?.has(product.ospId);

  return (
    <Stack gap="md">
      <Anchor component={Link} to={paths.products} size="sm">
        ← {t('title')}
      </Anchor>
      <Card withBorder padding="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Group gap="sm">
              <Title order={2} data-testid="product-name">
                {name}
              </Title>
              <Badge color={product.active ? 'green' : 'gray'} variant="light" data-testid="product-status">
                {product.active ? t('active') : t('inactive')}
              </Badge>
              {isDisallowed && (
                <Badge color="orange" variant="light" data-testid="product-disallowed">
                  {t('disallowed')}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {t('fields.extId')}: {product.extId} · {modeName(product.mobilityMode)}
            </Text>
          </Stack>
          <ProductStateActions product={product} name={name} disallowed={disallowed.data ? isDisallowed : undefined} size="sm" />
        </Group>
      </Card>
      <RouteTabs basePath={basePath} tabs={PRODUCT_TABS.map((tab) => ({ path: tab, label: t(`tabs.${tab}`) }))} />
      <Outlet context={{ product }} />
    </Stack>
  );
}
