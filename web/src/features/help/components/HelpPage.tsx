import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { ErrorState } from '@/components/ErrorState';
import { PageLoader } from '@/components/PageLoader';
import { useHelp } from '../api/getHelp';

export default function HelpPage() {
  const { t } = useTranslation('help');
  const help = useHelp();

  return (
    <Stack gap="md" maw={820}>
      <Title order={2}>{t('title')}</Title>
      {help.isPending ? (
        <PageLoader />
      ) : help.isError ? (
        <ErrorState error={help.error} onRetry={() => void help.refetch()} />
      ) : (
        <>
          {help.data.sections.length === 0 ? (
            <EmptyState message={t('empty')} />
          ) : (
            help.data.sections.map((section) => (
              <Card key={section.title} withBorder padding="lg">
                <Title order={4} mb="xs">
                  {section.title}
                </Title>
                <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                  {section.body}
                </Text>
              </Card>
            ))
          )}
          {help.data.contactEmail && (
            <Text size="sm">
              {t('contact')}{' '}
              <Anchor href={`mailto:${help.data.contactEmail}`}>{help.data.contactEmail}</Anchor>
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
