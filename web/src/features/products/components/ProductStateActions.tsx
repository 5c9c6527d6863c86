import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { notifySuccess } from '@/lib/notify';
import { useSetPlatformAllowed } from '../api/platform';
import { useSetProductActive } from '../api/products';
import type { Product } from '../api/types';
import { Refusal, unnotifiedMessage } from './parts';

type Action = 'activate' | 'deactivate' | 'allow' | 'disallow';

interface Props {
  product: Pick<Product, 'ospId' | 'active'>;
  /** The product's name as the dialogs mention it. */
  name: string;
  /** Whether platform staff disallowed it; undefined while that is loading. */
  disallowed: boolean | undefined;
  size?: 'xs' | 'sm';
}

/**
 * Activate or deactivate a product, and allow or disallow it on the whole
 * platform, each after a confirmation. Deactivating or disallowing a
 * product that is some employees' default is refused (SPEC §8): the dialog
 * stays open and says so.
 */
export function ProductStateActions({ product, name, disallowed, size = 'xs' }: Props) {
  const { t } = useTranslation('products');
  const [action, setAction] = useState<Action | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const setActive = useSetProductActive();
  const setAllowed = useSetPlatformAllowed();
  const busy = setActive.isPending || setAllowed.isPending;

  const open = (next: Action) => {
    setRefusal(null);
    setAction(next);
  };
  const close = () => {
    if (!busy) setAction(null);
  };

  const confirm = async () => {
    if (!action) return;
    setRefusal(null);
    try {
      if (action === 'activate' || action === 'deactivate') {
        await setActive.mutateAsync({ ospId: product.ospId, active: action === 'activate' });
      } else {
        await setAllowed.mutateAsync({ productOspId: product.ospId, allowed: action === 'allow' });
      }
      notifySuccess(t(`state.${action}.done`, { name }));
      setAction(null);
    } catch (error) {
      // A refusal the client did not notify (the default-product one) is told here.
      setRefusal(unnotifiedMessage(error, t));
    }
  };

  return (
    <>
      <Group gap="xs" wrap="nowrap">
        <Button
          size={size}
          variant="light"
          color={product.active ? 'red' : 'green'}
          onClick={() => open(product.active ? 'deactivate' : 'activate')}
          aria-label={t(`state.${product.active ? 'deactivate' : 'activate'}.aria`, { name })}
          data-testid={`product-${product.active ? 'deactivate' : 'activate'}`}
        >
          {t(`state.${product.active ? 'deactivate' : 'activate'}.action`)}
        </Button>
        <Button
          size={size}
          variant="light"
          color={disallowed ? 'green' : 'orange'}
          disabled={disallowed === undefined}
          onClick={() => open(disallowed ? 'allow' : 'disallow')}
          aria-label={t(`state.${disallowed ? 'allow' : 'disallow'}.aria`, { name })}
          data-testid={`product-${disallowed ? 'allow' : 'disallow'}`}
        >
          {t(`state.${disallowed ? 'allow' : 'disallow'}.action`)}
        </Button>
      </Group>
      <ConfirmDialog
        opened={action !== null}
        title={action ? t(`state.${action}.title`, { name }) : ''}
        message={action ? t(`state.${action}.message`) : ''}
        confirmLabel={action ? t(`state.${action}.action`) : ''}
        danger={action === 'deactivate' || action === 'disallow'}
        loading={busy}
        onConfirm={() => void confirm()}
        onClose={close}
      >
        <Refusal message={refusal} testId="product-state-refused" />
      </ConfirmDialog>
    </>
  );
}
