import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ErrorState';
import { NotFoundPage } from '@/components/NotFoundPage';
import { PageLoader } from '@/components/PageLoader';
import { SelectionChecklist } from '@/components/SelectionChecklist';
import { errorMessage, fieldErrorMessage } from '@/lib/api/errorMessage';
import { isApiError } from '@/lib/api/errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCurrentUser } from '@/lib/session/currentUser';
import { useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';
import { useAvailability, useUpdateOffer } from '../api/availableProducts';
import type { Availability } from '../api/types';
import { canManageCompanySettings } from './access';

/**
 * company/settings/available-products (MSP only): the products and service
 * resources the company offers, chosen from what its partner allows.
 */
export default function AvailableProductsTab() {
  const { data: user } = useCurrentUser();
  const { ospId } = useSelectedCorporateAccount();
  const allowed = Boolean(user && canManageCompanySettings(user));
  const query = useAvailability(ospId ?? '', allowed);
  if (user && !allowed) return <NotFoundPage />;
  if (!ospId || query.isPending) return <PageLoader />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return <OfferForm key={query.dataUpdatedAt} ospId={ospId} availability={query.data} />;
}

const selectedOf = (items: { ospId: string; selected: boolean }[]) => items.filter((i) => i.selected).map((i) => i.ospId);
const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

function OfferForm({ ospId, availability }: { ospId: string; availability: Availability }) {
  const { t } = useTranslation('companySettings');
  const update = useUpdateOffer();
  const savedProducts = selectedOf(availability.products);
  const savedResources = selectedOf(availability.serviceResources);
  const [products, setProducts] = useState(savedProducts);
  const [resources, setResources] = useState(savedResources);
  const [errors, setErrors] = useState<{ products?: string; resources?: string }>({});
  const changed = !sameSet(products, savedProducts) || !sameSet(resources, savedResources);

  const save = () => {
    setErrors({});
    update.mutate(
      { ospId, selectedProducts: products, selectedServiceResources: resources },
      {
        onSuccess: () => notifySuccess(t('saved')),
        onError: (failure) => {
          const placed = {
            products: fieldErrorMessage(failure, 'selectedProducts', t),
            resources: fieldErrorMessage(failure, 'selectedServiceResources', t),
          };
          setErrors(placed);
          if (!placed.products && !placed.resources && !(isApiError(failure) && failure.handled)) {
            notifyError(errorMessage(failure, t));
          }
        },
      },
    );
  };

  return (
    <Card withBorder padding="md">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={4}>{t('availableProducts.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('availableProducts.intro')}
          </Text>
        </Stack>
        <SelectionChecklist
          label={t('availableProducts.products')}
          options={availability.products.map((p) => ({ value: p.ospId, label: p.label, description: p.extId || undefined }))}
          value={products}
          onChange={setProducts}
          error={errors.products}
          emptyMessage={t('availableProducts.noProducts')}
          testId="available-products"
        />
        <SelectionChecklist
          label={t('availableProducts.serviceResources')}
          options={availability.serviceResources.map((r) => ({
            value: r.ospId,
            label: r.name,
            description: t(`common:mobilityModes.${r.mobilityMode}`, { defaultValue: r.mobilityMode }),
          }))}
          value={resources}
          onChange={setResources}
          error={errors.resources}
          emptyMessage={t('availableProducts.noServiceResources')}
          testId="available-service-resources"
        />
        <Group justify="flex-end">
          <Button onClick={save} loading={update.isPending} disabled={!changed} data-testid="available-products-save">
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
