import { Alert, Anchor, Button, Card, Group, Radio, Select, Stack, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { z } from 'zod';
import { ErrorState } from '@/components/ErrorState';
import { NotFoundPage } from '@/components/NotFoundPage';
import { PageLoader } from '@/components/PageLoader';
import { errorMessage } from '@/lib/api/errorMessage';
import { ErrorLabel, isApiError } from '@/lib/api/errors';
import { applyServerFieldErrors } from '@/lib/forms';
import { notifySuccess } from '@/lib/notify';
import { namedRoutes } from '@/lib/routes';
import { usePartner } from '../api/getPartner';
import { usePartners } from '../api/getPartners';
import { useAddRelatedPartner } from '../api/relatedPartners';
import type { LinkRelation } from '../api/types';

interface LinkValues {
  relatedPartnerOspId: string;
  relation: string;
}

const FIELDS = ['relatedPartnerOspId', 'relation'] as const;

/** partners/{partnerOspId}/add-linked: link another partner as a sub- or super-partner. */
export default function AddLinkedPartnerPage() {
  const { t } = useTranslation('partners');
  const navigate = useNavigate();
  const { partnerOspId = '' } = useParams();
  const partner = usePartner(partnerOspId);
  const all = usePartners({});
  const add = useAddRelatedPartner();
  // A refusal that is not about one field (a cycle, a link that exists): shown above the buttons.
  const [refusal, setRefusal] = useState<string | null>(null);

  const schema = useMemo(
    () =>
      z.object({
        relatedPartnerOspId: z.string().min(1, t('validation:required', { label: t('linked.partner') })),
        relation: z
          .string()
          .refine((value) => value === 'SUB' || value === 'SUPER', t('validation:required', { label: t('linked.relation') })),
      }),
    [t],
  );
  const form = useForm<LinkValues>({
    resolver: zodResolver(schema),
    defaultValues: { relatedPartnerOspId: '', relation: 'SUB' },
    mode: 'onTouched',
  });

  if (partner.isPending) return <PageLoader />;
  if (partner.isError) {
    if (isApiError(partner.error) && partner.error.errorLabel === ErrorLabel.NOT_FOUND) return <NotFoundPage />;
    return <ErrorState error={partner.error} onRetry={() => void partner.refetch()} />;
  }
  const back = namedRoutes.Partner(partnerOspId, 'linked-partners');
  // A partner is never linked to itself; the server refuses cycles and links that exist.
  const options = (all.data ?? [])
    .filter((p) => p.ospId !== partnerOspId)
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((p) => ({ value: p.ospId, label: `${p.name} (${t(`types.${p.partnerType}`, { defaultValue: p.partnerType })})` }));

  const submit = form.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      await add.mutateAsync({
        ospId: partnerOspId,
        relatedPartnerOspId: values.relatedPartnerOspId,
        relation: values.relation as LinkRelation,
      });
      notifySuccess(t('linked.added'));
      navigate(back);
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, FIELDS)) setRefusal(errorMessage(error, t));
    }
  });

  return (
    <Stack gap="lg" maw={720}>
      <Anchor component={Link} to={back} size="sm">
        ← {partner.data.name}
      </Anchor>
      <Title order={2}>{t('linked.addTitle', { name: partner.data.name })}</Title>
      <Card withBorder padding="lg">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Controller
              control={form.control}
              name="relatedPartnerOspId"
              render={({ field, fieldState }) => (
                <Select
                  label={t('linked.partner')}
                  withAsterisk
                  searchable
                  data={options}
                  value={field.value || null}
                  onChange={(value) => {
                    setRefusal(null);
                    field.onChange(value ?? '');
                  }}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message ?? (all.isError ? errorMessage(all.error, t) : undefined)}
                  disabled={all.isPending}
                  nothingFoundMessage={t('linked.noPartners')}
                  data-testid="linked-partner"
                />
              )}
            />
            <Controller
              control={form.control}
              name="relation"
              render={({ field, fieldState }) => (
                <Radio.Group
                  label={t('linked.relation')}
                  withAsterisk
                  value={field.value}
                  onChange={(value) => {
                    setRefusal(null);
                    field.onChange(value);
                  }}
                  error={fieldState.error?.message}
                >
                  <Stack gap="xs" mt="xs">
                    <Radio value="SUB" label={t('linked.asSub', { partner: partner.data.name })} />
                    <Radio value="SUPER" label={t('linked.asSuper', { partner: partner.data.name })} />
                  </Stack>
                </Radio.Group>
              )}
            />
            {refusal && (
              <Alert color="red" role="alert" data-testid="link-refused" style={{ whiteSpace: 'pre-line' }}>
                {refusal}
              </Alert>
            )}
            <Group justify="space-between">
              <Button variant="default" component={Link} to={back}>
                {t('actions.cancel')}
              </Button>
              <Button type="submit" loading={add.isPending}>
                {t('linked.addSubmit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
