import { PieChart } from '@mantine/charts';
import { Center, ColorSwatch, Group, Loader, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatMoney } from '@/components/Money';
import { ErrorState } from '@/components/ErrorState';
import type { Pie, PieType } from '../../api/overview';
import { ChartCard } from './ChartCard';
import { PIE_PIXELS, pieItems, pieSize } from './rules';

interface Props {
  type: PieType;
  onTypeChange: (type: PieType) => void;
  data: Pie | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}

const TYPES: PieType[] = [0, 1];

/**
 * The expenses pie (SPEC §2, §9): per mobility mode (0) or per provider (1),
 * seven fixed colours, zero values left out, amounts incl. VAT; the chart
 * grows with the number of slices (small, medium > 5, large > 10, extra-large > 15).
 */
export function ExpensesPie({ type, onTypeChange, data, loading, error, onRetry }: Props) {
  const { t } = useTranslation('dashboard');
  const money = useFormatMoney();
  const items = pieItems(
    (data?.slices ?? []).map((s) => ({
      ...s,
      // Mobility modes have their own names in every language; providers keep theirs.
      label: type === 0 ? t(`expenses:modes.${s.key}`, { defaultValue: s.label || s.key }) : s.label,
    })),
  );
  const size = pieSize(items.length);

  const body = (content: React.ReactNode) => {
    if (error && !data) return <ErrorState error={error} onRetry={onRetry} />;
    if (loading && !data) {
      return (
        <Center h={PIE_PIXELS.small} role="status" aria-label={t('tiles.loading')}>
          <Loader size="sm" />
        </Center>
      );
    }
    if (items.length === 0) return <Text c="dimmed">{t('overview.noData')}</Text>;
    return content;
  };

  return (
    <ChartCard
      testId="expenses-pie"
      title={t('overview.pie.title')}
      description={t('overview.pie.description', { count: items.length, by: t(`overview.pie.types.${type}`) })}
      controls={
        <SegmentedControl
          size="xs"
          value={String(type)}
          onChange={(value) => onTypeChange(Number(value) as PieType)}
          data={TYPES.map((value) => ({ value: String(value), label: t(`overview.pie.types.${value}`) }))}
          aria-label={t('overview.pie.type')}
          data-testid="pie-type"
        />
      }
      chart={body(
        <Group align="center" gap="xl" wrap="wrap" data-testid="pie-chart" data-size={size} data-slices={items.length}>
          <PieChart
            data={items.map((item) => ({ key: item.key, name: item.name, value: item.cents / 100, color: item.color }))}
            size={PIE_PIXELS[size]}
            withTooltip
            tooltipDataSource="segment"
            valueFormatter={(value) => money(Math.round(value * 100))}
          />
          <Stack gap={4}>
            <Text size="xs" c="dimmed" data-testid="pie-incl-vat">
              {t('overview.pie.inclVat')}
            </Text>
            <Stack gap={4} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {items.map((item) => (
              <Group key={item.key} gap="xs" component="li" wrap="nowrap">
                <ColorSwatch size={12} color={`var(--mantine-color-${item.color.replace('.', '-')})`} />
                <Text size="sm">
                  {item.name}: {money(item.cents)}
                </Text>
              </Group>
            ))}
            </Stack>
          </Stack>
        </Group>,
      )}
      table={body(
        <Table data-testid="pie-table" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t(`overview.pie.types.${type}`)}</Table.Th>
              <Table.Th scope="col">{t('overview.pie.count')}</Table.Th>
              <Table.Th scope="col">{t('overview.pie.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.key}>
                <Table.Td>{item.name}</Table.Td>
                <Table.Td>{item.count}</Table.Td>
                <Table.Td>{money(item.cents)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>,
      )}
    />
  );
}
