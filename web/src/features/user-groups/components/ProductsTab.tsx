import { Alert, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { PagedTable, type Column } from '@/components/PagedTable';
import { errorMessage } from '@/lib/api/errorMessage';
import { isApiError } from '@/lib/api/errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { DEFAULT_IN_USE, useDefaultUsers, useGroupProducts, useGroupServiceResources, useRevokeProducts } from '../api/groupProducts';
import type { ProductSummary, ServiceResourceSummary } from '../api/types';
import { GrantProductsDialog } from './GrantProductsDialog';
import { useDetailGroup } from './UserGroupDetailPage';

/**
 * manage/user-groups/{userGroupOspId}/products: the products the group's
 * members may use (grant from what the company offers, revoke after a
 * confirm; SPEC §8's refusal shown in the dialog with the employees it
 * concerns) and the service resources the group may use.
 */
export default function ProductsTab() {
  const { t } = useTranslation('userGroups');
  const group = useDetailGroup();
  const products = useGroupProducts(group.ospId);
  const resources = useGroupServiceResources(group.ospId);
  const [granting, setGranting] = useState(false);
  const granted = products.data?.products;

  const productColumns: Column<ProductSummary>[] = [
    { key: 'label', header: t('products.product'), render: (p) => p.label },
    { key: 'extId', header: t('products.extId'), render: (p) => p.extId },
    {
      key: 'actions',
      header: t('actions'),
      hideHeader: true,
      width: 120,
      render: (p) => <RevokeButton product={p} />,
    },
  ];
  const resourceColumns: Column<ServiceResourceSummary>[] = [
    { key: 'name', header: t('products.resource'), render: (r) => r.name },
    {
      key: 'mode',
      header: t('products.mobilityMode'),
      render: (r) => t(`common:mobilityModes.${r.mobilityMode}`, { defaultValue: r.mobilityMode }),
    },
  ];

  return (
    <Stack gap="md">
      {!group.data.active && <Alert color="yellow">{t('products.inactiveGroup')}</Alert>}
      <Section
        title={t('products.title')}
        intro={t('products.intro')}
        action={
          <Button onClick={() => setGranting(true)} disabled={!granted} data-testid="grant-products">
            {t('products.grant')}
          </Button>
        }
      >
        <PagedTable
          testId="group-products"
          columns={productColumns}
          rows={granted}
          rowKey={(p) => p.ospId}
          isLoading={products.isPending}
          error={products.error}
          onRetry={() => void products.refetch()}
          emptyMessage={t('products.empty')}
        />
      </Section>
      <Section title={t('products.resourcesTitle')} intro={t('products.resourcesIntro')}>
        <PagedTable
          testId="group-service-resources"
          columns={resourceColumns}
          rows={resources.data?.serviceResources}
          rowKey={(r) => r.ospId}
          isLoading={resources.isPending}
          error={resources.error}
          onRetry={() => void resources.refetch()}
          emptyMessage={group.data.active ? t('products.resourcesEmpty') : t('products.resourcesInactive')}
        />
      </Section>
      {granted && (
        <GrantProductsDialog
          opened={granting}
          onClose={() => setGranting(false)}
          userGroupOspId={group.ospId}
          corporateAccountOspId={group.data.corporateAccount.ospId}
          granted={granted}
        />
      )}
    </Stack>
  );
}

/** A card with a heading, a line saying what it holds, an optional action and the list. */
function Section({ title, intro, action, children }: { title: string; intro: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Title order={3} size="h4">
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {intro}
            </Text>
          </Stack>
          {action}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

/** Revoke one product after a confirm; a refusal stays in the dialog, with who has it as default. */
function RevokeButton({ product }: { product: ProductSummary }) {
  const { t } = useTranslation('userGroups');
  const group = useDetailGroup();
  const revoke = useRevokeProducts();
  const [open, setOpen] = useState(false);
  const [refused, setRefused] = useState(false);
  const corporateAccountOspId = group.data.corporateAccount.ospId;
  const defaults = useDefaultUsers(corporateAccountOspId, refused ? product.ospId : null);

  const close = () => {
    setOpen(false);
    setRefused(false);
  };
  const confirm = () => {
    setRefused(false);
    revoke.mutate(
      { userGroupOspId: group.ospId, productOspIds: [product.ospId] },
      {
        onSuccess: () => {
          notifySuccess(t('products.revoked', { name: product.label }));
          close();
        },
        onError: (failure) => {
          if (isApiError(failure) && failure.errorLabel === DEFAULT_IN_USE) setRefused(true);
          else if (!(isApiError(failure) && failure.handled)) notifyError(errorMessage(failure, t));
        },
      },
    );
  };

  return (
    <>
      <Button
        size="xs"
        variant="subtle"
        color="red"
        onClick={() => setOpen(true)}
        // The visible text starts the accessible name (axe label-content-name-mismatch).
        aria-label={t('products.revokeLabel', { name: product.label })}
      >
        {t('products.revoke')}
      </Button>
      <ConfirmDialog
        opened={open}
        onClose={close}
        title={t('products.revokeTitle')}
        message={t('products.revokeMessage', { name: product.label, group: group.data.name })}
        confirmLabel={t('products.revoke')}
        danger
        loading={revoke.isPending}
        onConfirm={confirm}
      >
        {refused && (
          <Alert color="red" role="alert" data-testid="revoke-refused">
            <Stack gap="xs">
              <Text size="sm">{t(`errors:${DEFAULT_IN_USE}`)}</Text>
              {defaults.data && defaults.data.length > 0 && (
                <>
                  <Text size="sm">{t('products.defaultUsers')}</Text>
                  <List size="sm">
                    {defaults.data.map((u) => (
                      <List.Item key={u.ospId}>
                        {u.fullName} ({u.email})
                      </List.Item>
                    ))}
                  </List>
                </>
              )}
            </Stack>
          </Alert>
        )}
      </ConfirmDialog>
    </>
  );
}
