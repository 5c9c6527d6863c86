import { Alert, Card, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

interface Props {
  /** Companies loaded; null while nothing is known yet. */
  count: number | null;
  loading: boolean;
  /** Some pages could not be loaded, or the page limit was reached: the count is a lower bound. */
  partial: boolean;
  /** Not one page could be loaded. */
  failed: boolean;
  /** Where the tile leads (the corporate-accounts list). */
  to: string;
}

/** The MSP-only "active corporate accounts" figure (SPEC §2 Dashboard). */
export function ActiveCompaniesTile({ count, loading, partial, failed, to }: Props) {
  const { t } = useTranslation('dashboard');
  return (
    <Card withBorder padding="md" maw={320} data-testid="active-companies-tile">
      <UnstyledButton component={Link} to={to}>
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {t('tiles.activeCompanies')}
          </Text>
          {loading ? (
            <Loader size="sm" aria-label={t('tiles.loading')} />
          ) : (
            <Text fz={28} fw={700} data-testid="active-companies-count">
              {failed ? '–' : (count ?? 0)}
            </Text>
          )}
        </Stack>
      </UnstyledButton>
      {!loading && (partial || failed) && (
        <Alert color="yellow" variant="light" mt="sm" p="xs" data-testid="active-companies-partial">
          {failed ? t('tiles.companiesFailed') : t('tiles.companiesPartial', { count: count ?? 0 })}
        </Alert>
      )}
    </Card>
  );
}
