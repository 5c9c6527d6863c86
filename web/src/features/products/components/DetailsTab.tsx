import { Alert, Button, Card, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { showFormError } from '@/lib/forms';
import { notifySuccess } from '@/lib/notify';
import { useUpdateProduct } from '../api/products';
import { ProductFields } from './ProductFields';
import { fromProduct, htmlWasSanitised, PRODUCT_FIELDS, SERVER_FIELD_MAP, toProductRequest, useProductForm } from './productForm';
import { useDetailProduct } from './ProductDetailPage';
import type { SavedState } from './routes';

/** products/{productOspId}/details: edit the extId, mobility mode and label. */
export default function DetailsTab() {
  const { t } = useTranslation('products');
  const product = useDetailProduct();
  const location = useLocation();
  const form = useProductForm(fromProduct(product));
  const update = useUpdateProduct();
  // Set by add (route state) or by a save here: the server cleaned some HTML, and the fields show its result.
  const [sanitised, setSanitised] = useState(Boolean((location.state as SavedState | null)?.sanitised));

  const submit = form.handleSubmit(async (values) => {
    const body = { ospId: product.ospId, ...toProductRequest(values) };
    setSanitised(false);
    try {
      const saved = await update.mutateAsync(body);
      form.reset(fromProduct(saved));
      setSanitised(htmlWasSanitised(body.productLabel, saved));
      notifySuccess(t('saved'));
    } catch (error) {
      showFormError(error, form.setError, PRODUCT_FIELDS, t, SERVER_FIELD_MAP);
    }
  });

  return (
    <Card withBorder padding="lg" maw={880}>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          {sanitised && (
            <Alert
              color="yellow"
              data-testid="product-html-sanitised"
              withCloseButton
              closeButtonLabel={t('common:close')}
              onClose={() => setSanitised(false)}
            >
              {t('sanitised')}
            </Alert>
          )}
          <ProductFields form={form} />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} data-testid="product-save">
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
