import { Card, Group, Stack, Switch, Title, VisuallyHidden } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  title: string;
  /** Controls beside the title (the chart's type). */
  controls?: ReactNode;
  /** What the chart shows, read by screen readers (aria-describedby of the figure). */
  description: string;
  chart: ReactNode;
  /** The same data as a table: the chart's text alternative. */
  table: ReactNode;
  testId: string;
}

/**
 * A chart with its text alternative: a "show as table" switch puts the data
 * in a table (for screen readers and keyboard users), and the figure is
 * described by a sentence that says what it shows.
 */
export function ChartCard({ title, controls, description, chart, table, testId }: Props) {
  const { t } = useTranslation('dashboard');
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  const descriptionId = useId();
  return (
    <Card withBorder padding="lg" data-testid={testId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Title order={3} size="h4" id={titleId}>
            {title}
          </Title>
          <Group gap="md" align="center">
            {controls}
            <Switch
              label={t('overview.showAsTable')}
              checked={asTable}
              onChange={(event) => setAsTable(event.currentTarget.checked)}
              data-testid={`${testId}-as-table`}
            />
          </Group>
        </Group>
        <div role="figure" aria-labelledby={titleId} aria-describedby={descriptionId}>
          <VisuallyHidden id={descriptionId}>{description}</VisuallyHidden>
          {asTable ? table : chart}
        </div>
      </Stack>
    </Card>
  );
}
