import { Card, Loader, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useFormatMoney } from '@/components/Money';
import type { Figures } from '../../api/overview';
import { isReportTile, visibleTiles, type TileKey, type TileViewer } from './rules';

export interface TileLinks {
  /** Where each tile leads; a tile without a link (the viewer may not open the screen) is not clickable. */
  activeUsers: string | null;
  negativeBudget: string | null;
  transactions: string | null;
  companyBudget: string | null;
  /** The reporting screen (report tiles; reporting_manager only). */
  reporting: string | null;
}

interface Props {
  figures: Figures | undefined;
  loading: boolean;
  viewer: TileViewer;
  links: TileLinks;
}

/** The dashboard's figure tiles for the period (SPEC §2 Dashboard). */
export function FigureTiles({ figures, loading, viewer, links }: Props) {
  const { t } = useTranslation('dashboard');
  const money = useFormatMoney();
  const tiles = visibleTiles(viewer);

  const target = (tile: TileKey): string | null => {
    if (isReportTile(tile)) return viewer.reportingManager ? links.reporting : null;
    switch (tile) {
      case 'activeUsers':
        return links.activeUsers;
      case 'negativeBudget':
        return links.negativeBudget;
      case 'transactions':
        return links.transactions;
      case 'companyBudget':
        return links.companyBudget;
      default:
        return null;
    }
  };

  const content = (tile: TileKey): { value: ReactNode; detail?: ReactNode } => {
    if (!figures) return { value: '–' };
    switch (tile) {
      case 'activeUsers':
        return { value: figures.activeUsers };
      case 'newUsers':
        return { value: figures.newUsers };
      case 'expenses':
        return {
          value: money(figures.expensesAmount),
          detail: t('overview.tiles.expensesDetail', { count: figures.expensesCount }),
        };
      case 'transactions':
        return { value: figures.transactionsCount };
      case 'negativeBudget':
        return { value: figures.negativeBudgetUsers };
      case 'companyBudget': {
        const budget = figures.companyBudget;
        if (!budget) return { value: '–' };
        return {
          value: money(budget.balance),
          detail:
            budget.threshold === null
              ? t('overview.tiles.noThreshold')
              : t('overview.tiles.threshold', { amount: money(budget.threshold) }),
        };
      }
    }
  };

  return (
    <SimpleGrid cols={{ base: 2, md: 3, lg: 4 }} spacing="md" data-testid="figure-tiles">
      {tiles.map((tile) => (
        <Tile
          key={tile}
          tile={tile}
          label={t(`overview.tiles.${tile}`)}
          to={target(tile)}
          loading={loading && !figures}
          loadingLabel={t('tiles.loading')}
          {...content(tile)}
        />
      ))}
    </SimpleGrid>
  );
}

interface TileProps {
  tile: TileKey;
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  to: string | null;
  loading: boolean;
  loadingLabel: string;
}

function Tile({ tile, label, value, detail, to, loading, loadingLabel }: TileProps) {
  const body = (
    <Stack gap={4}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {loading ? (
        <Loader size="sm" aria-label={loadingLabel} />
      ) : (
        <Text fz={26} fw={700} data-testid={`tile-${tile}-value`}>
          {value}
        </Text>
      )}
      {!loading && detail && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </Stack>
  );
  return (
    <Card withBorder padding="md" data-testid={`tile-${tile}`} data-clickable={to ? 'true' : 'false'}>
      {to ? (
        <UnstyledButton component={Link} to={to} data-testid={`tile-${tile}-link`} style={{ display: 'block' }}>
          {body}
        </UnstyledButton>
      ) : (
        body
      )}
    </Card>
  );
}
