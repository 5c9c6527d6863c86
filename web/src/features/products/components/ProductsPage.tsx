import { Badge, Button, Card, Group, Select, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { Column } from '@/components/PagedTable';
import { PagedList } from '@/components/list/PagedList';
import { useListParams } from '@/components/list/listState';
import { DEFAULT_PAGE_SIZE, MOBILITY_MODES } from '@/lib/constants';
import { paths } from '@/lib/routes';
import { useModeName, useModeOptions } from '../api/catalogue';
import { useDisallowedProducts } from '../api/platform';
import { useProducts } from '../api/products';
import type { MobilityMode, Product, ProductFilter } from '../api/types';
import { PRODUCT_LIMITS } from '../api/types';
import { productName } from './productForm';
import { ProductStateActions } from './ProductStateActions';
import { productPath } from './routes';

export type StateFilter = 'all' | 'active' | 'inactive';
const STATES: readonly StateFilter[] = ['all', 'active', 'inactive'];

/** The findByFilter body of the list's filters. */
export function productFilter(search: string, state: StateFilter, mode: string, page: number): ProductFilter {
  return {
    search: search.slice(0, PRODUCT_LIMITS.search) || undefined,
    active: state === 'all' ? undefined : state === 'active',
    mobilityMode: (MOBILITY_MODES as readonly string[]).includes(mode) ? (mode as MobilityMode) : undefined,
    pagination: { page, size: DEFAULT_PAGE_SIZE },
  };
}

/** products: the catalogue for platform staff, searchable and filtered by state and mobility mode. */
export default function ProductsPage() {
  const { t, i18n } = useTranslation('products');
  const list = useListParams();
  const [params, setParams] = useSearchParams();
  const stateParam = params.get('state') as StateFilter | null;
  const state: StateFilter = stateParam && STATES.includes(stateParam) ? stateParam : 'all';
  const mode = params.get('mode') ?? '';
  const query = useProducts(productFilter(list.search, state, mode, list.page));
  const disallowed = useDisallowedProducts();
  const modeOptions = useModeOptions();
  const modeName = useModeName();

  const setFilter = (name: 'state' | 'mode', value: string) =>
    setParams(
      (current) => {
        if (value) current.set(name, value);
        else current.delete(name);
        current.delete('page');
        return current;
      },
      { replace: true },
    );

  const columns: Column<Product>[] = [
    { key: 'label', header: t('columns.label'), render: (p) => productName(p, i18n.language) },
    { key: 'extId', header: t('fields.extId'), render: (p) => p.extId },
    { key: 'mode', header: t('fields.mobilityMode'), render: (p) => modeName(p.mobilityMode) },
    {
      key: 'state',
      header: t('columns.state'),
      render: (p) => (
        <Group gap={4} wrap="nowrap">
          <Badge color={p.active ? 'green' : 'gray'} variant="light">
            {p.active ? t('active') : t('inactive')}
          </Badge>
          {disallowed.data?.has(p.ospId) && (
            <Badge color="orange" variant="light">
              {t('disallowed')}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'actions',
      header: t('columns.actions'),
      hideHeader: true,
      render: (p) => (
        <ProductStateActions
          product={p}
          name={productName(p, i18n.language)}
          disallowed={disallowed.data ? disallowed.data.has(p.ospId) : undefined}
        />
      ),
    },
  ];

  const filtered = Boolean(list.search || mode || state !== 'all');
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>{t('title')}</Title>
        <Button component={Link} to={paths.addProduct} data-testid="add-product">
          {t('add.action')}
        </Button>
      </Group>
      <Card withBorder padding="md">
        <PagedList
          testId="products-table"
          query={query}
          list={list}
          columns={columns}
          rowKey={(p) => p.ospId}
          rowHref={(p) => productPath(p.ospId)}
          emptyMessage={filtered ? t('emptyFiltered') : t('empty')}
          search={{ label: t('search'), placeholder: t('searchPlaceholder'), testId: 'product-search' }}
          toolbar={
            <>
              <Select
                label={t('fields.mobilityMode')}
                placeholder={t('allModes')}
                data={modeOptions}
                value={mode || null}
                onChange={(value) => setFilter('mode', value ?? '')}
                clearable
                w={220}
                comboboxProps={{ withinPortal: true }}
                data-testid="product-mode-filter"
              />
              <Select
                label={t('stateFilter')}
                data={STATES.map((value) => ({ value, label: t(`states.${value}`) }))}
                value={state}
                onChange={(value) => setFilter('state', !value || value === 'all' ? '' : value)}
                allowDeselect={false}
                w={180}
                comboboxProps={{ withinPortal: true }}
                data-testid="product-state-filter"
              />
            </>
          }
        />
      </Card>
    </Stack>
  );
}
