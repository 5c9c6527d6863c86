import { Button, Group, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PagedTable, type Column } from '@/components/PagedTable';
import { SEARCH_DEBOUNCE_MS } from '@/lib/constants';
import { namedRoutes, paths } from '@/lib/routes';
import { LANGUAGES, useTemplates, type Language, type Template, type TemplateFilter, type TemplateType } from '../api/templates';

const TYPES: readonly TemplateType[] = ['MESSAGE', 'TICKET'];

/**
 * templates (SPEC §2 backoffice): the templates in reach, filtered by type,
 * name, owner and language on the server, paged; a row opens its editor.
 */
export default function TemplatesPage() {
  const { t } = useTranslation('templates');
  const [type, setType] = useState<TemplateType | null>(null);
  const [language, setLanguage] = useState<Language | null>(null);
  const [name, setName] = useState('');
  const [owner, setOwner] = useState('');
  const [debouncedName] = useDebouncedValue(name.trim(), SEARCH_DEBOUNCE_MS);
  const [debouncedOwner] = useDebouncedValue(owner.trim(), SEARCH_DEBOUNCE_MS);
  const filter: TemplateFilter = useMemo(
    () => ({
      templateType: type ?? undefined,
      language: language ?? undefined,
      templateNameLike: debouncedName || undefined,
      ownerNameLike: debouncedOwner || undefined,
    }),
    [type, language, debouncedName, debouncedOwner],
  );
  // a new filter starts at its first page
  const filterKey = JSON.stringify(filter);
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;
  const list = useTemplates(filter, page);

  const columns: Column<Template>[] = [
    { key: 'name', header: t('columns.name'), render: (r) => r.name, rowLink: true },
    { key: 'predefined', header: t('columns.predefinedName'), render: (r) => (r.predefinedName ? t(`predefined.${r.predefinedName}`, r.predefinedName) : t('ownTemplate')) },
    { key: 'owner', header: t('columns.owner'), render: (r) => `${r.ownerName} (${t(`ownerTypes.${r.ownerType}`)})` },
    { key: 'type', header: t('columns.templateType'), render: (r) => t(`types.${r.templateType}`) },
    { key: 'content', header: t('columns.contentType'), render: (r) => t(`contentTypes.${r.contentType}`) },
    { key: 'languages', header: t('columns.languages'), render: (r) => r.languages.map((l) => l.toUpperCase()).join(', ') },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{t('title')}</Title>
        <Button component={Link} to={paths.addTemplate} data-testid="add-template">
          {t('add')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <Select
          label={t('filters.templateType')}
          data={TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))}
          value={type}
          onChange={(v) => setType(v as TemplateType | null)}
          clearable
          data-testid="filter-type"
        />
        <TextInput label={t('filters.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={100} data-testid="filter-name" />
        <TextInput label={t('filters.owner')} value={owner} onChange={(e) => setOwner(e.currentTarget.value)} maxLength={100} data-testid="filter-owner" />
        <Select
          label={t('filters.language')}
          data={LANGUAGES.map((v) => ({ value: v, label: t(`languages.${v}`) }))}
          value={language}
          onChange={(v) => setLanguage(v as Language | null)}
          clearable
          data-testid="filter-language"
        />
      </SimpleGrid>
      <PagedTable
        columns={columns}
        rows={list.data?.content}
        rowKey={(r) => r.ospId}
        isLoading={list.isPending}
        isFetching={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyMessage={t('empty')}
        page={page}
        totalPages={list.data?.totalPages}
        totalElements={list.data?.totalElements}
        onPageChange={(p) => setPaging({ key: filterKey, page: p })}
        rowHref={(r) => namedRoutes.EditTemplate(r.ospId)}
        testId="templates-table"
      />
    </Stack>
  );
}
