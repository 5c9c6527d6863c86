import { Anchor, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

/** "Read more" on the sign-in page: what this portal is, readable before signing in. */
export function ReadMore() {
  const { t } = useTranslation('auth');
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Anchor component="button" type="button" size="sm" onClick={open} ta="left">
        {t('readMore.link')}
      </Anchor>
      <Modal opened={opened} onClose={close} title={t('readMore.title')} centered>
        <Stack gap="sm">
          <Text size="sm">{t('readMore.intro')}</Text>
          <Text size="sm">{t('readMore.admins')}</Text>
          <Text size="sm">{t('readMore.partners')}</Text>
        </Stack>
      </Modal>
    </>
  );
}
