import { Badge, Button, Card, Group, SegmentedControl, Stack, Tabs, Text, Title, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { PagedList } from '@/components/list/PagedList';
import { useFilterParams, useListParams } from '@/components/list/listState';
import { NotFoundPage } from '@/components/NotFoundPage';
import type { Column } from '@/components/PagedTable';
import { formatDateTime } from '@/lib/format';
import { namedRoutes, paths } from '@/lib/routes';
import { slugOf, TRANSLATION_TYPES, typeOfSlug, useTranslationList, type Translation } from '../api/translations';
import { TranslationDialog } from './TranslationDialog';

const ALL = 'all';

/**
 * translations and translations/{type} (SPEC §2 backoffice): the
 * translations by key, searched by key or by text (any language or the
 * default value), of every type or of one; a key opens its editor.
 */
export default function TranslationsPage() {
  const { t } = useTranslation('translations');
  const navigate = useNavigate();
  const { type: slug } = useParams();
  const type = slug === undefined ? undefined : typeOfSlug(slug);
  const list = useListParams();
  const filters = useFilterParams();
  const byText = filters.get('in') === 'text';
  const query = useTranslationList({ byText, search: list.search, type, page: list.page });
  const [target, setTarget] = useState<string | null>(null);

  if (slug !== undefined && type === undefined) return <NotFoundPage />;

  const columns: Column<Translation>[] = [
    {
      key: 'key',
      header: t('columns.key'),
      render: (tr) => (
        <UnstyledButton
          onClick={() => setTarget(tr.ospId)}
          c="blue"
          fz="sm"
          style={{ wordBreak: 'break-all' }}
          aria-label={t('columns.edit', { key: tr.key })}
          data-testid="translation-open"
        >
          {tr.key}
        </UnstyledButton>
      ),
    },
    ...(type ? [] : [{ key: 'type', header: t('columns.type'), render: (tr: Translation) => t(`types.${tr.type}`) }]),
    {
      key: 'defaultValue',
      header: t('columns.defaultValue'),
      render: (tr) => (
        <Text size="sm" lineClamp={2}>
          {tr.defaultValue}
        </Text>
      ),
    },
    {
      key: 'languages',
      header: t('columns.languages'),
      render: (tr) => (
        <Group gap={4}>
          {tr.translations.map((text) => (
            // a title, not a Tooltip: a tooltip left open under the pointer
            // fades in over the table, and axe measured it half-drawn
            <Badge
              key={text.languageCode}
              size="sm"
              variant="light"
              tabIndex={0}
              title={text.text.slice(0, 120)}
              aria-label={`${t(`languages.${text.languageCode}`)}: ${text.text.slice(0, 120)}`}
            >
              {text.languageCode}
            </Badge>
          ))}
        </Group>
      ),
    },
    { key: 'updatedOn', header: t('columns.updatedOn'), render: (tr) => formatDateTime(tr.updatedOn) },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{type ? t('titleOfType', { type: t(`types.${type}`) }) : t('title')}</Title>
        <Button onClick={() => setTarget('new')} data-testid="translation-add">
          {t('add')}
        </Button>
      </Group>
      <Tabs
        value={slug ?? ALL}
        onChange={(next) => {
          if (next) navigate(next === ALL ? paths.translations : namedRoutes.TranslationsOfType(next));
        }}
      >
        <Tabs.List>
          <Tabs.Tab value={ALL} data-testid="translation-tab-all">
            {t('allTypes')}
          </Tabs.Tab>
          {TRANSLATION_TYPES.map((value) => (
            <Tabs.Tab key={value} value={slugOf(value)} data-testid={`translation-tab-${slugOf(value)}`}>
              {t(`types.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Card withBorder padding="md">
        <PagedList
          testId="translations-table"
          query={query}
          list={list}
          columns={columns}
          rowKey={(tr) => tr.ospId}
          emptyMessage={list.search ? t('noMatches') : t('empty')}
          search={{ label: byText ? t('searchText') : t('searchKey'), testId: 'translation-search' }}
          toolbar={
            <Stack gap={4}>
              <Text size="sm" fw={500} id="translation-search-in">
                {t('searchIn')}
              </Text>
              <SegmentedControl
                aria-labelledby="translation-search-in"
                value={byText ? 'text' : 'key'}
                onChange={(value) => filters.set('in', value === 'text' ? 'text' : null)}
                data={[
                  { value: 'key', label: t('byKey') },
                  { value: 'text', label: t('byText') },
                ]}
                data-testid="translation-search-in"
              />
            </Stack>
          }
        />
      </Card>
      <TranslationDialog target={target} type={type} onClose={() => setTarget(null)} />
    </Stack>
  );
}
