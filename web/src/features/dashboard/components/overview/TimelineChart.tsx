import { LineChart } from '@mantine/charts';
import { Center, Loader, SegmentedControl, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatMoney } from '@/components/Money';
import { ErrorState } from '@/components/ErrorState';
import type { Timeline, TimelineType } from '../../api/overview';
import { ChartCard } from './ChartCard';
import { centsToEuros, timelinePoints } from './rules';

interface Props {
  type: TimelineType;
  onTypeChange: (type: TimelineType) => void;
  data: Timeline | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}

const TYPES: TimelineType[] = [0, 1, 2];

/** MM/yyyy from yyyyMM. */
export function formatMonth(month: string): string {
  return `${month.slice(4, 6)}/${month.slice(0, 4)}`;
}

/**
 * The timeline (SPEC §2): transactions (0), active users (1) or the amount
 * of expenses (2) per month over the range. One month draws three
 * identical points (SPEC §4).
 */
export function TimelineChart({ type, onTypeChange, data, loading, error, onRetry }: Props) {
  const { t } = useTranslation('dashboard');
  const money = useFormatMoney();
  const points = data?.points ?? [];
  const amount = type === 2;
  const show = (value: number) => (amount ? money(value) : String(value));
  const drawn = timelinePoints(points, formatMonth).map((p) => ({
    ...p,
    // The chart works in euros for the amount (cents / 100); labels format them back.
    value: amount ? centsToEuros(p.value) : p.value,
  }));
  const seriesLabel = t(`overview.timeline.types.${type}`);

  const body = (content: React.ReactNode) => {
    if (error && !data) return <ErrorState error={error} onRetry={onRetry} />;
    if (loading && !data) {
      return (
        <Center h={260} role="status" aria-label={t('tiles.loading')}>
          <Loader size="sm" />
        </Center>
      );
    }
    if (points.length === 0) return <Text c="dimmed">{t('overview.noData')}</Text>;
    return content;
  };

  return (
    <ChartCard
      testId="timeline-chart"
      title={t('overview.timeline.title')}
      description={t('overview.timeline.description', { series: seriesLabel, count: points.length })}
      controls={
        <SegmentedControl
          size="xs"
          value={String(type)}
          onChange={(value) => onTypeChange(Number(value) as TimelineType)}
          data={TYPES.map((value) => ({ value: String(value), label: t(`overview.timeline.types.${value}`) }))}
          aria-label={t('overview.timeline.type')}
          data-testid="timeline-type"
        />
      }
      chart={body(
        <div data-testid="timeline-points" data-points={drawn.length}>
          <LineChart
            h={260}
            data={drawn}
            dataKey="label"
            series={[{ name: 'value', label: seriesLabel, color: 'blue.6' }]}
            curveType="linear"
            valueFormatter={(value) => (amount ? money(Math.round(value * 100)) : String(value))}
            withDots
            gridAxis="xy"
          />
        </div>,
      )}
      table={body(
        <Table data-testid="timeline-table" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('overview.month')}</Table.Th>
              <Table.Th scope="col">{seriesLabel}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {points.map((p) => (
              <Table.Tr key={p.month}>
                <Table.Td>{formatMonth(p.month)}</Table.Td>
                <Table.Td>{show(p.value)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>,
      )}
    />
  );
}
