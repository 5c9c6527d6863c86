import { Button, Checkbox, Group, List, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ChecklistOption {
  value: string;
  label: string;
  /** A second line: an external id, a mobility mode… */
  description?: string;
}

interface Props {
  /** The list's name (the group's legend). */
  label: string;
  description?: string;
  options: ChecklistOption[];
  value: string[];
  onChange?: (value: string[]) => void;
  /** Shows the selected options as a list, without checkboxes (someone who may only read). */
  readOnly?: boolean;
  /** Shown when there is nothing to choose from (or, read-only, nothing selected). */
  emptyMessage: string;
  error?: string;
  testId?: string;
}

/** Above this many options a search box narrows the list. */
const SEARCH_FROM = 8;

const matches = (option: ChecklistOption, search: string) =>
  `${option.label} ${option.description ?? ''}`.toLowerCase().includes(search);

/**
 * A set chosen from a list that may be long (products, service resources):
 * checkboxes with a search box, select or clear what the search shows, and
 * a count. What the search hides stays selected.
 */
export function SelectionChecklist({ label, description, options, value, onChange, readOnly, emptyMessage, error, testId }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const shown = useMemo(() => (needle ? options.filter((o) => matches(o, needle)) : options), [options, needle]);
  const known = useMemo(() => new Set(options.map((o) => o.value)), [options]);
  const selectedCount = value.filter((v) => known.has(v)).length;

  if (readOnly) {
    const selected = options.filter((o) => value.includes(o.value));
    return (
      <Stack gap="xs" data-testid={testId}>
        <Text fw={500} size="sm">
          {label}
        </Text>
        {selected.length === 0 ? (
          <Text c="dimmed" size="sm">
            {emptyMessage}
          </Text>
        ) : (
          <List size="sm" spacing={4}>
            {selected.map((o) => (
              <List.Item key={o.value}>
                {o.label}
                {o.description && (
                  <Text span c="dimmed" size="xs">
                    {' '}
                    ({o.description})
                  </Text>
                )}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    );
  }

  const shownValues = shown.map((o) => o.value);
  const selectShown = () => onChange?.([...value, ...shownValues.filter((v) => !value.includes(v))]);
  const clearShown = () => onChange?.(value.filter((v) => !shownValues.includes(v)));

  return (
    <Checkbox.Group label={label} description={description} value={value} onChange={onChange} error={error} data-testid={testId}>
      <Stack gap="xs" mt="xs">
        {options.length === 0 ? (
          <Text c="dimmed" size="sm">
            {emptyMessage}
          </Text>
        ) : (
          <>
            <Group gap="xs" align="flex-end" wrap="wrap">
              {options.length > SEARCH_FROM && (
                <TextInput
                  label={t('checklist.search')}
                  value={search}
                  onChange={(event) => setSearch(event.currentTarget.value)}
                  size="xs"
                  w={260}
                  type="search"
                />
              )}
              <Button size="xs" variant="default" onClick={selectShown} disabled={shownValues.every((v) => value.includes(v))}>
                {needle ? t('checklist.selectShown') : t('checklist.selectAll')}
              </Button>
              <Button size="xs" variant="default" onClick={clearShown} disabled={!shownValues.some((v) => value.includes(v))}>
                {needle ? t('checklist.clearShown') : t('checklist.clearAll')}
              </Button>
              <Text size="xs" c="dimmed" ml="auto" aria-live="polite">
                {t('checklist.count', { selected: selectedCount, total: options.length })}
              </Text>
            </Group>
            <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars>
              <Stack gap={6} py={4}>
                {shown.length === 0 && (
                  <Text c="dimmed" size="sm">
                    {t('checklist.noMatches')}
                  </Text>
                )}
                {shown.map((o) => (
                  <Checkbox key={o.value} value={o.value} label={o.label} description={o.description} />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </>
        )}
      </Stack>
    </Checkbox.Group>
  );
}
