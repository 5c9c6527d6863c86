import { Badge, Group, MultiSelect, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ErrorState';
import { PageLoader } from '@/components/PageLoader';
import { useGroupOptions } from '../../api/getGroupOptions';

interface Props {
  corporateAccountOspId: string;
  value: string[];
  onChange: (ospIds: string[]) => void;
}

/**
 * The groups a new user joins. Every user is in the company's default group
 * (the server adds them), so it is shown as included rather than offered.
 */
export function UserGroupsStep({ corporateAccountOspId, value, onChange }: Props) {
  const { t } = useTranslation('users');
  const groups = useGroupOptions(corporateAccountOspId);
  if (groups.isPending) return <PageLoader />;
  if (groups.isError) return <ErrorState error={groups.error} onRetry={() => void groups.refetch()} />;

  const defaultGroup = groups.data.content.find((g) => g.data.isDefault);
  const options = groups.data.content
    .filter((g) => !g.data.isDefault)
    .map((g) => ({ value: g.ospId, label: g.data.name }));

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('groups.intro')}
      </Text>
      {defaultGroup && (
        <Group gap="xs" data-testid="default-group">
          <Text size="sm">{t('groups.alwaysIncluded')}</Text>
          <Badge variant="light">{defaultGroup.data.name}</Badge>
        </Group>
      )}
      <MultiSelect
        label={t('groups.label')}
        placeholder={options.length ? t('groups.placeholder') : t('groups.none')}
        data={options}
        value={value}
        onChange={onChange}
        searchable
        clearable
        disabled={options.length === 0}
        nothingFoundMessage={t('groups.nothingFound')}
        comboboxProps={{ withinPortal: true }}
      />
    </Stack>
  );
}
