import { Badge, Button, Card, FileButton, Group, Image, Stack, Table, Text, Title } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { ErrorState } from '@/components/ErrorState';
import { PageLoader } from '@/components/PageLoader';
import { notifyError, notifySuccess } from '@/lib/notify';
import {
  useBrandingImage,
  useBrandingImageTypes,
  useDeleteBrandingImage,
  useUploadBrandingImage,
  type BrandingImage,
  type BrandingImageTypeInfo,
  type BrandingOwnerKind,
} from './api';

/** The server checks the content; this only narrows the file picker (SPEC §5: PNG, JPEG, SVG). */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/svg+xml';

interface Props {
  ownerOspId: string;
  ownerKind: BrandingOwnerKind;
  images: BrandingImage[];
}

/** 1048576 → '1 MB', 512000 → '500 KB' (decimal units, as file browsers show them). */
export function sizeText(bytes: number): string {
  if (bytes >= 1_000_000) return `${Number((bytes / 1_000_000).toFixed(1))} MB`;
  return `${Math.round(bytes / 1000)} KB`;
}

/** One row per image type: the effective image, upload (one file) and delete of the owner's own. */
export function BrandingImages({ ownerOspId, ownerKind, images }: Props) {
  const { t } = useTranslation('branding');
  const types = useBrandingImageTypes(ownerKind);
  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Title order={4}>{t('images.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('images.hint')}
        </Text>
        {types.isPending ? (
          <PageLoader />
        ) : types.isError ? (
          <ErrorState error={types.error} onRetry={() => void types.refetch()} />
        ) : types.data.length === 0 ? (
          <Text c="dimmed">{t('images.none')}</Text>
        ) : (
          <Table data-testid="branding-images">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('images.type')}</Table.Th>
                <Table.Th>{t('images.preview')}</Table.Th>
                <Table.Th>{t('images.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {types.data.map((info) => (
                <ImageRow key={info.imageType} ownerOspId={ownerOspId} info={info} image={images.find((i) => i.imageType === info.imageType)} />
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}

function ImageRow({ ownerOspId, info, image }: { ownerOspId: string; info: BrandingImageTypeInfo; image: BrandingImage | undefined }) {
  const { t } = useTranslation('branding');
  const upload = useUploadBrandingImage();
  const remove = useDeleteBrandingImage();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { imageType } = info;
  const url = useBrandingImage(ownerOspId, image);
  const typeName = t(`imageTypes.${imageType}`, { defaultValue: imageType });
  const own = Boolean(image && !image.inherited);
  const maxSize = sizeText(info.maxBytes);

  const onFile = (file: File | null) => {
    if (!file) return;
    // The server refuses it too; saying so here spares the upload.
    if (info.maxBytes > 0 && file.size > info.maxBytes) {
      notifyError(t('images.tooBig', { size: maxSize }));
      return;
    }
    upload.mutate({ ownerOspId, imageType, file }, { onSuccess: () => notifySuccess(t('images.uploaded')) });
  };

  return (
    <Table.Tr data-testid={`image-${imageType}`}>
      <Table.Td>
        <Stack gap={4}>
          <Text size="sm">{typeName}</Text>
          <Text size="xs" c="dimmed">
            {t('images.limit', { size: maxSize })}
          </Text>
          {image?.inherited && (
            <Badge variant="light" color="gray" size="sm">
              {t('images.inherited')}
            </Badge>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        {url ? (
          <Image src={url} alt={t('images.alt', { type: typeName })} h={48} w="auto" maw={160} fit="contain" />
        ) : (
          <Text size="sm" c="dimmed">
            {t('images.empty')}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <FileButton onChange={onFile} accept={info.contentTypes?.length ? info.contentTypes.join(',') : IMAGE_ACCEPT} multiple={false}>
            {(props) => (
              <Button {...props} size="xs" variant="light" leftSection={<IconUpload size={14} />} loading={upload.isPending} aria-label={t('images.uploadFor', { type: typeName })}>
                {t('images.upload')}
              </Button>
            )}
          </FileButton>
          {own && (
            <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={() => setConfirmDelete(true)} aria-label={t('images.deleteFor', { type: typeName })}>
              {t('images.delete')}
            </Button>
          )}
        </Group>
        <ConfirmDialog
          opened={confirmDelete}
          title={t('images.delete')}
          message={t('images.confirmDelete', { type: typeName })}
          confirmLabel={t('images.delete')}
          danger
          loading={remove.isPending}
          onClose={() => setConfirmDelete(false)}
          onConfirm={() =>
            remove.mutate(
              { ownerOspId, imageType },
              {
                onSuccess: () => {
                  setConfirmDelete(false);
                  notifySuccess(t('images.deleted'));
                },
              },
            )
          }
        />
      </Table.Td>
    </Table.Tr>
  );
}
