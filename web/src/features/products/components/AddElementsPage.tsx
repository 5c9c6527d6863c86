import { Anchor, Badge, Button, Card, Checkbox, CloseButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ErrorState } from '@/components/ErrorState';
import { NotFoundPage } from '@/components/NotFoundPage';
import { PageLoader } from '@/components/PageLoader';
import { PagedTable, type Column } from '@/components/PagedTable';
import { errorMessage } from '@/lib/api/errorMessage';
import { DEFAULT_PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '@/lib/constants';
import { notifySuccess } from '@/lib/notify';
import { useModeName } from '../api/catalogue';
import { useAddElements, useCandidates, useCompositionDetails, type Candidate } from '../api/composition';
import { useProduct } from '../api/products';
import { PRODUCT_LIMITS, type ElementKind } from '../api/types';
import { MandatoryCheckbox, Refusal } from './parts';
import { productName } from './productForm';
import { productPath } from './routes';

/**
 * products/{productOspId}/composition/add-resourcegroup,
 * add-service-resource and add-rental-car-resource: search the active
 * groups or resources of one kind, pick several (across pages and
 * searches) and add them to the composition after its last element.
 */
export default function AddElementsPage({ kind }: { kind: ElementKind }) {
  const { t, i18n } = useTranslation('products');
  const navigate = useNavigate();
  const { productOspId = '' } = useParams();
  const product = useProduct(productOspId);
  const composition = useCompositionDetails(productOspId);
  const modeName = useModeName();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const applySearch = useDebouncedCallback((value: string) => {
    setSearch(value.trim());
    setPage(1);
  }, SEARCH_DEBOUNCE_MS);
  const candidates = useCandidates(kind, { search, page, size: DEFAULT_PAGE_SIZE });
  // ospId → name, kept across pages and searches.
  const [selected, setSelected] = useState<Map<string, string>>(() => new Map());
  const [mandatory, setMandatory] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const add = useAddElements();
  const selectedHeading = useId();

  if (product.isPending) return <PageLoader />;
  if (product.isError) return <ErrorState error={product.error} onRetry={() => void product.refetch()} />;
  if (!product.data) return <NotFoundPage />;

  const name = productName(product.data, i18n.language);
  const back = productPath(productOspId, 'composition');
  const present = new Set(composition.data?.elements.map((e) => e.ospId) ?? product.data.composition.map((e) => e.ospId));
  const full = selected.size >= PRODUCT_LIMITS.addPerCall;

  const toggle = (candidate: Candidate, on: boolean) => {
    setRefusal(null);
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(candidate.ospId, candidate.name);
      else next.delete(candidate.ospId);
      return next;
    });
  };

  const columns: Column<Candidate>[] = [
    {
      key: 'select',
      header: t('picker.select'),
      hideHeader: true,
      width: 48,
      render: (c) => (
        <Checkbox
          aria-label={t('picker.selectAria', { name: c.name })}
          checked={present.has(c.ospId) || selected.has(c.ospId)}
          disabled={present.has(c.ospId) || (full && !selected.has(c.ospId))}
          onChange={(event) => toggle(c, event.currentTarget.checked)}
          data-testid={`candidate-${c.ospId}`}
        />
      ),
    },
    {
      key: 'name',
      header: t('composition.name'),
      render: (c) => (
        <Group gap="xs">
          <span>{c.name}</span>
          {present.has(c.ospId) && (
            <Badge size="sm" variant="light" color="gray">
              {t('picker.present')}
            </Badge>
          )}
        </Group>
      ),
    },
    ...(kind === 'RESOURCE_GROUP'
      ? [{ key: 'members', header: t('picker.members'), render: (c: Candidate) => c.detail }]
      : [
          { key: 'partner', header: t('composition.mrpPartner'), render: (c: Candidate) => c.detail },
          { key: 'mode', header: t('fields.mobilityMode'), render: (c: Candidate) => modeName(c.mobilityMode) },
        ]),
  ];

  const submit = async () => {
    setRefusal(null);
    try {
      await add.mutateAsync({ productOspId, kind, ospIds: [...selected.keys()], mandatory });
      notifySuccess(t('picker.added', { count: selected.size }));
      navigate(back);
    } catch (error) {
      setRefusal(errorMessage(error, t));
    }
  };

  return (
    <Stack gap="lg" maw={1100}>
      <Anchor component={Link} to={back} size="sm">
        ← {name}
      </Anchor>
      <Title order={2}>{t(`picker.title.${kind}`, { name })}</Title>
      <Card withBorder padding="md">
        <Stack gap="md">
          <TextInput
            label={t('picker.search')}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              applySearch(event.currentTarget.value);
            }}
            maxLength={PRODUCT_LIMITS.search}
            w={320}
            data-testid="candidate-search"
          />
          <PagedTable
            testId="candidates-table"
            columns={columns}
            rows={candidates.data?.content}
            rowKey={(c) => c.ospId}
            isLoading={candidates.isPending}
            isFetching={candidates.isFetching}
            error={candidates.error}
            onRetry={() => void candidates.refetch()}
            emptyMessage={search ? t('picker.emptyFiltered') : t(`picker.empty.${kind}`)}
            page={page}
            totalPages={candidates.data?.totalPages}
            totalElements={candidates.data?.totalElements}
            onPageChange={setPage}
          />
        </Stack>
      </Card>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Text fw={500} id={selectedHeading}>
            {t('picker.selected', { count: selected.size })}
          </Text>
          {selected.size === 0 ? (
            <Text size="sm" c="dimmed">
              {t('picker.noneSelected')}
            </Text>
          ) : (
            <Group gap="xs" role="list" aria-labelledby={selectedHeading} data-testid="selected-elements">
              {[...selected].map(([ospId, label]) => (
                <Badge
                  key={ospId}
                  role="listitem"
                  variant="light"
                  size="lg"
                  tt="none"
                  rightSection={
                    <CloseButton
                      size="xs"
                      aria-label={t('picker.unselect', { name: label })}
                      onClick={() => toggle({ ospId, name: label, detail: '', mobilityMode: '' }, false)}
                    />
                  }
                >
                  {label}
                </Badge>
              ))}
            </Group>
          )}
          {full && (
            <Text size="sm" c="orange.8">
              {t('picker.limit', { max: PRODUCT_LIMITS.addPerCall })}
            </Text>
          )}
          <MandatoryCheckbox checked={mandatory} onChange={setMandatory} testId="candidates-mandatory" />
          <Refusal message={refusal} testId="add-refused" />
          <Group justify="space-between">
            <Button variant="default" component={Link} to={back}>
              {t('actions.cancel')}
            </Button>
            <Button onClick={() => void submit()} disabled={selected.size === 0} loading={add.isPending} data-testid="candidates-add">
              {t('picker.add', { count: selected.size })}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
