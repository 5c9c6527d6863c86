import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while a page or its data loads. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih={200} h="100%" role="status" aria-label={t('loading')}>
      <Loader />
    </Center>
  );
}
