import { Anchor, Button, Card, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { showFormError } from '@/lib/forms';
import { notifySuccess } from '@/lib/notify';
import { paths } from '@/lib/routes';
import { useCreateProduct } from '../api/products';
import { ProductFields } from './ProductFields';
import { EMPTY_PRODUCT, htmlWasSanitised, PRODUCT_FIELDS, SERVER_FIELD_MAP, toProductRequest, useProductForm } from './productForm';
import { productPath, type SavedState } from './routes';

/** products/add: a new product (active) with its extId, mobility mode and translated label. */
export default function AddProductPage() {
  const { t } = useTranslation('products');
  const navigate = useNavigate();
  const form = useProductForm(EMPTY_PRODUCT);
  const create = useCreateProduct();

  const submit = form.handleSubmit(async (values) => {
    const body = toProductRequest(values);
    try {
      const saved = await create.mutateAsync(body);
      notifySuccess(t('created'));
      // The details tab shows what the server stored, with a word when it cleaned the HTML.
      const state: SavedState = { sanitised: htmlWasSanitised(body.productLabel, saved) };
      navigate(productPath(saved.ospId, 'details'), { state });
    } catch (error) {
      showFormError(error, form.setError, PRODUCT_FIELDS, t, SERVER_FIELD_MAP);
    }
  });

  return (
    <Stack gap="lg" maw={880}>
      <Anchor component={Link} to={paths.products} size="sm">
        ← {t('title')}
      </Anchor>
      <Title order={2}>{t('add.title')}</Title>
      <Card withBorder padding="lg">
        <form onSubmit={submit} noValidate>
          <Stack gap="lg">
            <ProductFields form={form} />
            <Group justify="space-between">
              <Button variant="default" component={Link} to={paths.products}>
                {t('actions.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending} data-testid="product-submit">
                {t('add.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
