import { Group, List, Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '@/lib/constants';
import { formatZonedDateTime } from '@/lib/format';
import { useCronCheck } from '../../api/cron';

/**
 * The live check of a fee schedule (resource/fee/cron/check), 700 ms after
 * the last keystroke: its next occurrences in dd/MM/yyyy HH:mm
 * (Europe/Brussels, as the server computes them), or why it is not one.
 */
export function CronPreview({ cron, id }: { cron: string; id: string }) {
  const { t } = useTranslation('resources');
  const [expression] = useDebouncedValue(cron.trim(), SEARCH_DEBOUNCE_MS);
  const check = useCronCheck(expression);
  let content = null;
  if (!expression) content = <Text size="sm" c="dimmed">{t('fees.oneOff')}</Text>;
  else if (check.isPending)
    content = (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">{t('fees.checking')}</Text>
      </Group>
    );
  else if (check.isError) content = <Text size="sm" c="dimmed">{t('fees.checkFailed')}</Text>;
  else if (!check.data.valid)
    content = (
      <Text size="sm" c="red" data-testid="cron-invalid">
        {check.data.message}
      </Text>
    );
  else
    content = (
      <>
        <Text size="sm">{t('fees.nextOccurrences')}</Text>
        <List size="sm" data-testid="cron-next">
          {check.data.nextOccurrences.map((at) => (
            <List.Item key={at}>{formatZonedDateTime(at)}</List.Item>
          ))}
        </List>
      </>
    );
  return (
    <div id={id} aria-live="polite">
      {content}
    </div>
  );
}
