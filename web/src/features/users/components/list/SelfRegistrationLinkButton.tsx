import { Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { useGenerateSelfRegistrationLink } from '../../api/generateSelfRegistrationLink';

/** Generates a self-registration link for the company and shows it, ready to copy. */
export function SelfRegistrationLinkButton({ corporateAccountOspId }: { corporateAccountOspId: string }) {
  const { t } = useTranslation('users');
  const generate = useGenerateSelfRegistrationLink();
  const [opened, setOpened] = useState(false);

  const open = () => {
    setOpened(true);
    generate.mutate(corporateAccountOspId);
  };
  const close = () => {
    setOpened(false);
    generate.reset();
  };

  return (
    <>
      <Button variant="light" onClick={open} loading={generate.isPending}>
        {t('selfRegistration.button')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('selfRegistration.title')} centered size="lg">
        {generate.isPending && <Text c="dimmed">{t('selfRegistration.generating')}</Text>}
        {generate.isError && <Alert color="red">{t('selfRegistration.failed')}</Alert>}
        {generate.data && (
          <Stack gap="sm">
            <Group gap="xs" wrap="nowrap" align="flex-end">
              <TextInput
                flex={1}
                label={t('selfRegistration.link')}
                value={generate.data.link}
                readOnly
                onFocus={(event) => event.currentTarget.select()}
                data-testid="self-registration-link"
              />
              <CopyButton value={generate.data.link}>
                {({ copied, copy }) => (
                  <Button onClick={copy} color={copied ? 'teal' : undefined}>
                    {copied ? t('selfRegistration.copied') : t('selfRegistration.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="sm" c="dimmed">
              {t('selfRegistration.expires', { date: formatDateTime(generate.data.expiresOn) })}
            </Text>
            <Text size="sm">{t('selfRegistration.mailed')}</Text>
          </Stack>
        )}
      </Modal>
    </>
  );
}
