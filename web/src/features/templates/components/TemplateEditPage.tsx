import { Alert, Badge, Button, Card, Checkbox, Grid, Group, Select, SimpleGrid, Stack, Table, Tabs, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { DateField } from '@/components/DateField';
import { ErrorState } from '@/components/ErrorState';
import { PageLoader } from '@/components/PageLoader';
import { ApiError } from '@/lib/api/errors';
import { API_DATE_FORMAT, SEARCH_DEBOUNCE_MS } from '@/lib/constants';
import { showFormError } from '@/lib/forms';
import { notifySuccess } from '@/lib/notify';
import { namedRoutes, paths } from '@/lib/routes';
import {
  LANGUAGES,
  useCategories,
  useCreateTemplate,
  useDeleteTemplate,
  useOwners,
  usePredefined,
  usePreview,
  useTemplate,
  useUpdateTemplate,
  type ContentType,
  type Language,
  type Predefined,
  type Template,
  type TemplateType,
  type VersionWrite,
} from '../api/templates';
import { TemplatePreview } from './TemplatePreview';

/** The editor's new version of one language. */
export interface Draft {
  validFrom: string;
  subject: string;
  body: string;
  external: boolean;
  externalTemplateId: string;
}

export interface TemplateValues {
  name: string;
  category: string;
  /** PLATFORM, or ownerType:ospId */
  owner: string;
  templateType: TemplateType;
  contentType: ContentType;
  predefinedName: string;
  drafts: Record<Language, Draft>;
}

const today = () => dayjs().format(API_DATE_FORMAT);

/** A language's draft starts from its version in use today, else the shipped default. */
export function initialDraft(template: Template | null, predefined: Predefined | undefined, lang: Language): Draft {
  const current = template?.versions?.find((v) => v.language === lang && v.current);
  const shipped = predefined?.defaults.find((d) => d.language === lang);
  return {
    validFrom: today(),
    subject: current?.subject ?? shipped?.subject ?? '',
    body: current?.body ?? shipped?.body ?? '',
    external: current?.external ?? false,
    externalTemplateId: current?.externalTemplateId ?? '',
  };
}

const FIELDS = ['name', 'category', 'owner', 'templateType', 'contentType', 'predefinedName'] as const;

/**
 * Server field names to form fields: versions[i].x is the i-th version
 * sent, which languages lists; ownerType and ownerOspId are the owner.
 */
export function fieldMap(languages: readonly Language[]): Partial<Record<string, Path<TemplateValues>>> {
  const map: Partial<Record<string, Path<TemplateValues>>> = { ownerType: 'owner', ownerOspId: 'owner' };
  languages.forEach((lang, i) => {
    for (const f of ['validFrom', 'subject', 'body', 'external', 'externalTemplateId', 'language'] as const) {
      map[`versions[${i}].${f}`] = `drafts.${lang}.${f === 'language' ? 'body' : f}` as Path<TemplateValues>;
    }
  });
  return map;
}

/** templates/add and templates/edit?ospId=… (SPEC §2). */
export default function TemplateEditPage() {
  const [params] = useSearchParams();
  const ospId = params.get('ospId') ?? '';
  const existing = useTemplate(ospId);
  if (ospId && existing.isPending) return <PageLoader />;
  if (ospId && existing.isError) return <ErrorState error={existing.error} onRetry={() => void existing.refetch()} />;
  return <TemplateForm key={ospId} template={existing.data ?? null} />;
}

function TemplateForm({ template }: { template: Template | null }) {
  const { t } = useTranslation('templates');
  const navigate = useNavigate();
  const owners = useOwners();
  const categories = useCategories();
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const remove = useDeleteTemplate();
  const [tab, setTab] = useState<Language>('en');
  const [edited, setEdited] = useState<ReadonlySet<Language>>(new Set());
  const [confirmDelete, setConfirmDelete] = useState(false);

  const form = useForm<TemplateValues>({
    defaultValues: {
      name: template?.name ?? '',
      category: template?.category ?? 'ACCOUNT',
      owner: template ? (template.ownerType === 'PLATFORM' ? 'PLATFORM' : `${template.ownerType}:${template.ownerOspId ?? ''}`) : '',
      templateType: template?.templateType ?? 'MESSAGE',
      contentType: template?.contentType ?? 'TEXT',
      predefinedName: template?.predefinedName ?? '',
      drafts: Object.fromEntries(LANGUAGES.map((l) => [l, initialDraft(template, undefined, l)])) as Record<Language, Draft>,
    },
  });
  const { errors } = form.formState;
  const templateType = useWatch({ control: form.control, name: 'templateType' });
  const contentType = useWatch({ control: form.control, name: 'contentType' });
  const predefinedName = useWatch({ control: form.control, name: 'predefinedName' });
  const draft = useWatch({ control: form.control, name: `drafts.${tab}` });
  const category = useWatch({ control: form.control, name: 'category' });
  const owner = useWatch({ control: form.control, name: 'owner' });
  const predefined = usePredefined(templateType);
  const chosen = predefined.data?.find((p) => p.name === predefinedName);

  // an override's languages without a version start from the shipped text
  useEffect(() => {
    if (!template?.predefinedName || !chosen) return;
    for (const lang of LANGUAGES) {
      const empty = !form.getValues(`drafts.${lang}.body`) && !form.getValues(`drafts.${lang}.subject`);
      if (empty) form.setValue(`drafts.${lang}`, initialDraft(template, chosen, lang));
    }
  }, [template, chosen, form]);

  // the live preview of the open language, after a pause in typing
  const [previewBody] = useDebouncedValue(
    useMemo(
      () => ({ predefinedName: predefinedName || undefined, contentType, subject: draft.subject, body: draft.body }),
      [predefinedName, contentType, draft.subject, draft.body],
    ),
    SEARCH_DEBOUNCE_MS,
  );
  const preview = usePreview(previewBody.body || previewBody.subject ? previewBody : null);

  const touch = (lang: Language) => setEdited((prev) => (prev.has(lang) ? prev : new Set(prev).add(lang)));

  // a predefined mail picked for a new template: the languages not yet
  // edited start from its shipped texts
  const pickPredefined = (name: string | null) => {
    form.setValue('predefinedName', name ?? '');
    const p = predefined.data?.find((x) => x.name === name);
    if (p && !form.getValues('name')) form.setValue('name', t(`predefined.${p.name}`, p.name));
    if (p) form.setValue('category', p.category);
    for (const lang of LANGUAGES) {
      if (!edited.has(lang)) form.setValue(`drafts.${lang}`, initialDraft(template, p, lang));
    }
  };

  const save = form.handleSubmit(async (values) => {
    const languages = LANGUAGES.filter((l) => edited.has(l));
    const versions: VersionWrite[] = languages.map((language) => {
      const d = values.drafts[language];
      return {
        language,
        validFrom: d.validFrom,
        subject: d.subject,
        body: d.body,
        external: d.external,
        externalTemplateId: d.external ? d.externalTemplateId : undefined,
      };
    });
    try {
      if (template) {
        await update.mutateAsync({
          ospId: template.ospId,
          name: values.name,
          category: values.category,
          templateType: values.templateType,
          contentType: values.contentType,
          versions,
        });
        setEdited(new Set());
        notifySuccess(t('saved'));
      } else {
        const [ownerType, ownerOspId] = values.owner.split(':');
        const created = await create.mutateAsync({
          name: values.name,
          category: values.category,
          ownerType: (ownerType || 'PLATFORM') as 'PLATFORM' | 'PARTNER' | 'CORPORATE_ACCOUNT',
          ownerOspId: ownerOspId || undefined,
          templateType: values.templateType,
          contentType: values.contentType,
          predefinedName: values.predefinedName || undefined,
          versions,
        });
        notifySuccess(t('saved'));
        void navigate(namedRoutes.EditTemplate(created.ospId), { replace: true });
      }
    } catch (error) {
      const map = fieldMap(languages);
      const draftFields = LANGUAGES.flatMap((l) =>
        (['validFrom', 'subject', 'body', 'externalTemplateId'] as const).map((f) => `drafts.${l}.${f}` as Path<TemplateValues>),
      );
      showFormError(error, form.setError, [...FIELDS, ...draftFields], t, map);
      // open the first language with an error
      if (error instanceof ApiError) {
        const first = error.errors.map((e) => map[e.field]).find((f) => f?.startsWith('drafts.'));
        if (first) setTab(first.split('.')[1] as Language);
      }
    }
  });

  const history = (template?.versions ?? []).filter((v) => v.language === tab).sort((a, b) => b.validFrom.localeCompare(a.validFrom));
  const draftError = (lang: Language, f: keyof Draft) => errors.drafts?.[lang]?.[f]?.message;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{template ? t('editTitle', { name: template.name }) : t('addTitle')}</Title>
        <Group>
          <Button variant="default" onClick={() => void navigate(paths.templates)}>
            {t('back')}
          </Button>
          {template && (
            <Button color="red" variant="outline" onClick={() => setConfirmDelete(true)} data-testid="delete-template">
              {t('delete')}
            </Button>
          )}
          <Button onClick={() => void save()} loading={create.isPending || update.isPending} data-testid="save-template">
            {t('save')}
          </Button>
        </Group>
      </Group>
      <form onSubmit={(e) => void save(e)} noValidate data-testid="template-form">
        <Stack gap="md">
          <Card withBorder>
            <SimpleGrid cols={{ base: 1, md: 3 }}>
              <TextInput label={t('fields.name')} required maxLength={200} error={errors.name?.message} {...form.register('name', { required: t('required') })} data-testid="field-name" />
              <Select
                label={t('fields.category')}
                data={(categories.data ?? [category]).map((c) => ({ value: c, label: t(`categories.${c}`, c) }))}
                value={category}
                onChange={(v) => form.setValue('category', v ?? 'ACCOUNT')}
                error={errors.category?.message}
                allowDeselect={false}
              />
              <Select
                label={t('fields.owner')}
                required
                disabled={template !== null}
                data={
                  template
                    ? [{ value: owner, label: template.ownerName }]
                    : (owners.data ?? []).map((o) => ({
                        value: o.ownerType === 'PLATFORM' ? 'PLATFORM' : `${o.ownerType}:${o.ospId}`,
                        label: `${o.name} (${t(`ownerTypes.${o.ownerType}`)})`,
                      }))
                }
                searchable
                value={owner || null}
                onChange={(v) => form.setValue('owner', v ?? '')}
                error={errors.owner?.message}
                data-testid="field-owner"
              />
              <Select
                label={t('fields.templateType')}
                data={(['MESSAGE', 'TICKET'] as const).map((v) => ({ value: v, label: t(`types.${v}`) }))}
                value={templateType}
                disabled={template !== null && !!template.predefinedName}
                onChange={(v) => {
                  form.setValue('templateType', (v ?? 'MESSAGE') as TemplateType);
                  if (!template) form.setValue('predefinedName', '');
                }}
                error={errors.templateType?.message}
                allowDeselect={false}
              />
              <Select
                label={t('fields.contentType')}
                data={(['TEXT', 'HTML'] as const).map((v) => ({ value: v, label: t(`contentTypes.${v}`) }))}
                value={contentType}
                onChange={(v) => form.setValue('contentType', (v ?? 'TEXT') as ContentType)}
                error={errors.contentType?.message}
                allowDeselect={false}
                data-testid="field-contentType"
              />
              <Select
                label={t('fields.predefinedName')}
                placeholder={t('ownTemplate')}
                disabled={template !== null}
                data={(predefined.data ?? []).map((p) => ({ value: p.name, label: t(`predefined.${p.name}`, p.name) }))}
                value={predefinedName || null}
                onChange={pickPredefined}
                clearable
                error={errors.predefinedName?.message}
                data-testid="field-predefinedName"
              />
            </SimpleGrid>
            {chosen && (
              <Text size="sm" c="dimmed" mt="sm" data-testid="parameters">
                {t('parameters', { list: chosen.parameters.map((p) => `{{.${p.name}}}`).join(' ') })}
              </Text>
            )}
          </Card>
          <Tabs value={tab} onChange={(v) => v && setTab(v as Language)} keepMounted={false}>
            <Tabs.List>
              {LANGUAGES.map((l) => (
                <Tabs.Tab key={l} value={l} data-testid={`tab-${l}`} color={errors.drafts?.[l] ? 'red' : undefined}>
                  {t(`languages.${l}`)}
                  {edited.has(l) ? ' •' : ''}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {LANGUAGES.map((l) => (
              <Tabs.Panel key={l} value={l} pt="md">
                <Grid>
                  <Grid.Col span={{ base: 12, lg: 6 }}>
                    <Stack gap="sm">
                      <Title order={3} size="h4">
                        {t('newVersion')}
                      </Title>
                      <DateField
                        label={t('fields.validFrom')}
                        value={draft.validFrom}
                        onChange={(v) => {
                          form.setValue(`drafts.${l}.validFrom`, v);
                          touch(l);
                        }}
                        minDate={new Date()}
                        error={draftError(l, 'validFrom')}
                        data-testid={`field-validFrom-${l}`}
                      />
                      <TextInput
                        label={t('fields.subject')}
                        maxLength={500}
                        error={draftError(l, 'subject')}
                        {...form.register(`drafts.${l}.subject`, { onChange: () => touch(l) })}
                        data-testid={`field-subject-${l}`}
                      />
                      <Textarea
                        label={t('fields.body')}
                        autosize
                        minRows={10}
                        maxRows={30}
                        maxLength={100000}
                        styles={{ input: { fontFamily: 'monospace' } }}
                        error={draftError(l, 'body')}
                        {...form.register(`drafts.${l}.body`, { onChange: () => touch(l) })}
                        data-testid={`field-body-${l}`}
                      />
                      <Group align="flex-end">
                        <Checkbox
                          label={t('fields.external')}
                          {...form.register(`drafts.${l}.external`, { onChange: () => touch(l) })}
                          data-testid={`field-external-${l}`}
                        />
                        {draft.external && (
                          <TextInput
                            label={t('fields.externalTemplateId')}
                            maxLength={200}
                            error={draftError(l, 'externalTemplateId')}
                            {...form.register(`drafts.${l}.externalTemplateId`, { onChange: () => touch(l) })}
                          />
                        )}
                      </Group>
                    </Stack>
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, lg: 6 }}>
                    <TemplatePreview
                      contentType={contentType}
                      preview={preview.data}
                      error={preview.error}
                      pending={preview.isFetching}
                      idle={!draft.body && !draft.subject}
                    />
                  </Grid.Col>
                </Grid>
                <Card withBorder mt="md">
                  <Title order={3} size="h4" mb="sm">
                    {t('history')}
                  </Title>
                  {history.length === 0 ? (
                    <Text c="dimmed" size="sm">
                      {t('noVersions')}
                    </Text>
                  ) : (
                    <Table data-testid={`history-${l}`}>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t('fields.validFrom')}</Table.Th>
                          <Table.Th>{t('fields.subject')}</Table.Th>
                          <Table.Th>{t('createdBy')}</Table.Th>
                          <Table.Th>{t('state')}</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {history.map((v) => (
                          <Table.Tr key={v.ospId}>
                            <Table.Td>{dayjs(v.validFrom).format('DD/MM/YYYY')}</Table.Td>
                            <Table.Td>{v.subject}</Table.Td>
                            <Table.Td>{v.createdBy ?? ''}</Table.Td>
                            <Table.Td>
                              {v.current ? (
                                <Badge color="green">{t('current')}</Badge>
                              ) : v.validFrom > today() ? (
                                <Badge color="blue">{t('planned')}</Badge>
                              ) : (
                                <Badge color="gray">{t('past')}</Badge>
                              )}
                              {v.external && (
                                <Badge color="grape" ml="xs">
                                  {t('externalBadge', { id: v.externalTemplateId })}
                                </Badge>
                              )}
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  )}
                </Card>
              </Tabs.Panel>
            ))}
          </Tabs>
          {edited.size === 0 && !template && (
            <Alert color="gray" variant="light">
              {t('noVersionYet')}
            </Alert>
          )}
        </Stack>
      </form>
      {template && (
        <ConfirmDialog
          opened={confirmDelete}
          onClose={() => setConfirmDelete(false)}
          title={t('deleteTitle')}
          message={t('deleteMessage', { name: template.name })}
          confirmLabel={t('delete')}
          danger
          loading={remove.isPending}
          onConfirm={() =>
            void remove.mutateAsync(template.ospId).then(() => {
              notifySuccess(t('deleted'));
              void navigate(paths.templates);
            })
          }
        />
      )}
    </Stack>
  );
}
