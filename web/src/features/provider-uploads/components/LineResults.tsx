import { Anchor, Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useFormatMoney } from '@/components/Money';
import type { ProviderLineResult } from '@/lib/api/types';
import { formatDate } from '@/lib/format';
import { namedRoutes } from '@/lib/routes';

const COLORS: Record<ProviderLineResult['outcome'], string> = {
  READY: 'blue',
  BOOKED: 'green',
  SKIPPED: 'gray',
  ALREADY_PROCESSED: 'gray',
  FAILED: 'red',
};

/** Every line's outcome (SPEC §8): booked, skipped, already processed or failed with its reason, and the user it is for. */
export function LineResults({ lines, testId }: { lines: ProviderLineResult[]; testId: string }) {
  const { t } = useTranslation('providerUploads');
  const money = useFormatMoney();
  if (lines.length === 0) return null;
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table striped data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={70}>{t('lines.line')}</Table.Th>
            <Table.Th>{t('lines.key')}</Table.Th>
            <Table.Th>{t('lines.date')}</Table.Th>
            <Table.Th ta="right">{t('lines.amount')}</Table.Th>
            <Table.Th>{t('lines.outcome')}</Table.Th>
            <Table.Th>{t('lines.reason')}</Table.Th>
            <Table.Th>{t('lines.user')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={`${line.line}-${line.naturalKey}`} data-outcome={line.outcome}>
              <Table.Td>{line.line}</Table.Td>
              <Table.Td>
                <Text size="sm">{line.naturalKey}</Text>
                {line.bookingId && (
                  <Text size="xs" c="dimmed">
                    {line.bookingId}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{formatDate(line.date)}</Table.Td>
              <Table.Td ta="right">{money(line.amount)}</Table.Td>
              <Table.Td>
                <Badge color={COLORS[line.outcome]} variant="light">
                  {t(`outcomes.${line.outcome}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{line.message ?? ''}</Text>
              </Table.Td>
              <Table.Td>
                {line.userOspId ? (
                  <Anchor
                    component={Link}
                    size="sm"
                    to={namedRoutes.AppUserExpenses(line.userOspId, line.corporateAccountOspId)}
                    aria-label={t('lines.openUserOfLine', { line: line.line })}
                  >
                    {t('lines.openUser')}
                  </Anchor>
                ) : (
                  '—'
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
