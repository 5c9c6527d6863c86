import { Button, Checkbox, Group, Loader, Modal, MultiSelect, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { ErrorState } from '@/components/ErrorState';
import { effectiveSearch } from '@/components/list/listState';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '@/lib/constants';
import { useTicked } from '@/lib/useTicked';
import { useResourceSearch } from '../../api/groups';
import { KINDS } from '../kinds';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** Resources already in the group: not offered again. */
  memberOspIds: ReadonlySet<string>;
  onAdd: (resourceOspIds: string[]) => Promise<unknown>;
}

/**
 * Search active resources of every kind (resource/getByFilter) by name or
 * extId, narrowed to some kinds, tick several, add them at once.
 */
export function ResourcePicker({ opened, onClose, memberOspIds, onAdd }: Props) {
  const { t } = useTranslation('resources');
  const [search, setSearch] = useState('');
  const [kinds, setKinds] = useState<string[]>([]);
  // The server searches from 3 characters on; a shorter term offers the first resources by name.
  const [debounced] = useDebouncedValue(effectiveSearch(search) ?? '', SEARCH_DEBOUNCE_MS);
  const { ticked: selected, toggle, clear } = useTicked();
  const [adding, setAdding] = useState(false);
  const results = useResourceSearch(debounced, kinds, opened);
  const candidates = (results.data?.content ?? []).filter((r) => !memberOspIds.has(r.ospId));

  const close = () => {
    setSearch('');
    setKinds([]);
    clear();
    onClose();
  };
  const add = async () => {
    setAdding(true);
    try {
      await onAdd([...selected]);
      close();
    } catch {
      // told by the API client; the choice stays for another try
    } finally {
      setAdding(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t('groups.addMembersTitle')} centered size="lg">
      <Stack gap="md">
        <Group grow align="flex-end">
          <TextInput
            label={t('groups.pickerSearch')}
            placeholder={t('minChars', { min: SEARCH_MIN_CHARS })}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            rightSection={results.isFetching ? <Loader size="xs" /> : undefined}
            data-autofocus
            data-testid="picker-search"
          />
          <MultiSelect
            label={t('groups.pickerKinds')}
            placeholder={kinds.length ? undefined : t('groups.allKinds')}
            data={KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
            value={kinds}
            onChange={setKinds}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
        </Group>
        {results.isPending ? (
          <Loader size="sm" />
        ) : results.isError ? (
          <ErrorState error={results.error} onRetry={() => void results.refetch()} />
        ) : candidates.length === 0 ? (
          <EmptyState message={t('groups.noCandidates')} />
        ) : (
          <ScrollArea.Autosize mah={320}>
            <Stack gap={6} data-testid="picker-candidates">
              {candidates.map((r) => (
                <Checkbox
                  key={r.ospId}
                  label={`${r.name} (${t(`kinds.${r.kind}`)}, ${r.extId})`}
                  description={r.mrpPartner.name}
                  checked={selected.has(r.ospId)}
                  onChange={() => toggle(r.ospId)}
                />
              ))}
              {(results.data?.totalElements ?? 0) > (results.data?.content.length ?? 0) && (
                <Text size="xs" c="dimmed">
                  {t('groups.refine', { count: results.data?.totalElements ?? 0 })}
                </Text>
              )}
            </Stack>
          </ScrollArea.Autosize>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={adding}>
            {t('cancel')}
          </Button>
          <Button disabled={selected.size === 0} loading={adding} onClick={() => void add()} data-testid="picker-add">
            {t('groups.addSelected', { count: selected.size })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
