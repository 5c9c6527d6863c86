import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface WelcomeCompany {
  name: string;
  paymentType: string;
}

interface Props {
  fullName: string;
  company: WelcomeCompany | null;
  companyLoading?: boolean;
  /** MSP users and platform admins may have no company selected yet. */
  canSelect: boolean;
}

/** The dashboard's greeting and the company the figures will be about. */
export function Welcome({ fullName, company, companyLoading, canSelect }: Props) {
  const { t } = useTranslation('dashboard');
  return (
    <Stack gap="md">
      <Title order={2} data-testid="welcome">
        {t('welcome', { name: fullName })}
      </Title>
      <Card withBorder padding="md" maw={480}>
        {companyLoading ? (
          <Text c="dimmed">{t('companyLoading')}</Text>
        ) : company ? (
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={2}>
              <Text size="xs" c="dimmed">
                {t('selectedCompany')}
              </Text>
              <Text fw={600} data-testid="selected-company-name">
                {company.name}
              </Text>
            </Stack>
            <Badge variant="light">{t(`paymentType.${company.paymentType}`, { defaultValue: company.paymentType })}</Badge>
          </Group>
        ) : (
          <Text c="dimmed">{canSelect ? t('noCompanySelected') : t('noCompany')}</Text>
        )}
      </Card>
    </Stack>
  );
}
