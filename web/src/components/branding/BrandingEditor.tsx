import { Alert, Box, Button, Card, ColorInput, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { ErrorState } from '@/components/ErrorState';
import { PageLoader } from '@/components/PageLoader';
import { DEFAULT_BRAND_COLOR } from '@/lib/constants';
import { showFormError } from '@/lib/forms';
import { notifySuccess } from '@/lib/notify';
import { createRules, isHexColor, normalizeHexColor } from '@/lib/validation';
import {
  useBrandingConfiguration,
  useResetBrandingConfiguration,
  useSaveBrandingConfiguration,
  type BrandingConfiguration,
  type BrandingOwnerKind,
} from './api';
import { BrandingImages } from './BrandingImages';

export interface BrandingEditorProps {
  ownerOspId: string;
  ownerKind: BrandingOwnerKind;
}

export const COLOR_FIELDS = ['brandColor', 'primaryColor', 'secondaryColor', 'variantColor'] as const;
type ColorField = (typeof COLOR_FIELDS)[number];
type Values = Record<ColorField, string>;

/**
 * The branding of a partner or a company: its four colours (SPEC §5 hex,
 * stored uppercase) with a preview, where they come from when inherited,
 * reset to the inherited ones, and one image per type.
 */
export function BrandingEditor({ ownerOspId, ownerKind }: BrandingEditorProps) {
  const query = useBrandingConfiguration(ownerOspId);
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Stack gap="lg" data-testid="branding-editor">
      {/* A fresh form after every save or reset: the key mounts it with the new values. */}
      <ColoursCard key={query.dataUpdatedAt} configuration={query.data} ownerOspId={ownerOspId} ownerKind={ownerKind} />
      <BrandingImages ownerOspId={ownerOspId} ownerKind={ownerKind} images={query.data.images ?? []} />
    </Stack>
  );
}

/** Where an emptied colour field would take its colour from: 'removed' when it is still the owner's own. */
function inheritedFrom(configuration: BrandingConfiguration, ownerKind: BrandingOwnerKind, name: ColorField): 'removed' | 'PARTNER' | 'DEFAULT' {
  const source = configuration.colorSources?.[name] ?? 'DEFAULT';
  const ownLevel = ownerKind === 'PARTNER' ? 'PARTNER' : 'COMPANY';
  if (source === ownLevel) return 'removed';
  return source === 'PARTNER' ? 'PARTNER' : 'DEFAULT';
}

/** "Inherited from the partner", "… from the platform default", or the owner's own. */
export function InheritedNotice({ configuration, ownerKind }: { configuration: BrandingConfiguration; ownerKind: BrandingOwnerKind }) {
  const { t } = useTranslation('branding');
  if (!configuration.inherited) {
    return (
      <Alert color="gray" icon={<IconInfoCircle size={18} />} data-testid="branding-source">
        {t(ownerKind === 'PARTNER' ? 'source.ownPartner' : 'source.ownCompany')}
      </Alert>
    );
  }
  return (
    <Alert color="blue" icon={<IconInfoCircle size={18} />} data-testid="branding-source">
      {t(configuration.source === 'PARTNER' ? 'source.inheritedPartner' : 'source.inheritedDefault')}
    </Alert>
  );
}

function ColoursCard({ configuration, ownerOspId, ownerKind }: { configuration: BrandingConfiguration; ownerOspId: string; ownerKind: BrandingOwnerKind }) {
  const { t } = useTranslation('branding');
  const save = useSaveBrandingConfiguration();
  const reset = useResetBrandingConfiguration();
  const [confirmReset, setConfirmReset] = useState(false);

  const schema = useMemo(() => {
    const rules = createRules(t);
    return z.object({
      brandColor: rules.hexColor(t('fields.brandColor')),
      primaryColor: rules.hexColor(t('fields.primaryColor')),
      secondaryColor: rules.hexColor(t('fields.secondaryColor')),
      variantColor: rules.hexColor(t('fields.variantColor')),
    });
  }, [t]);

  // The fields hold the owner's own colours; an empty one inherits (shown as its placeholder).
  const own = configuration.own;
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: {
      brandColor: normalizeHexColor(own?.brandColor ?? ''),
      primaryColor: normalizeHexColor(own?.primaryColor ?? ''),
      secondaryColor: normalizeHexColor(own?.secondaryColor ?? ''),
      variantColor: normalizeHexColor(own?.variantColor ?? ''),
    },
  });
  const values = useWatch({ control: form.control });
  const effective = (name: ColorField) => (values[name] && isHexColor(values[name]) ? values[name] : configuration[name]);

  // The promise, not mutate's per-call callbacks: a save refetches the
  // configuration, and the new data remounts this card (its key), which
  // would drop those callbacks before they run, and the notice with them.
  const onSubmit = form.handleSubmit(async (colours) => {
    try {
      await save.mutateAsync({ ownerOspId, ...colours });
      notifySuccess(t('saved'));
    } catch (error) {
      showFormError(error, form.setError, COLOR_FIELDS, t);
    }
  });

  const onReset = async () => {
    try {
      await reset.mutateAsync(ownerOspId);
      setConfirmReset(false);
      notifySuccess(t('resetDone'));
    } catch {
      // the mutation's own error handling has told the user
    }
  };

  return (
    <Card withBorder padding="md">
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          <Title order={4}>{t('colours')}</Title>
          <InheritedNotice configuration={configuration} ownerKind={ownerKind} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {COLOR_FIELDS.map((name) => (
              <Controller
                key={name}
                control={form.control}
                name={name}
                render={({ field, fieldState }) => (
                  <ColorInput
                    label={t(`fields.${name}`)}
                    description={
                      field.value
                        ? t('hexHint')
                        : t(`colorSource.${inheritedFrom(configuration, ownerKind, name)}`, { color: configuration[name] })
                    }
                    placeholder={configuration[name]}
                    format={field.value.length === 9 ? 'hexa' : 'hex'}
                    value={field.value}
                    onChange={(value) => field.onChange(value.toUpperCase())}
                    onBlur={() => {
                      field.onChange(normalizeHexColor(field.value));
                      field.onBlur();
                    }}
                    error={fieldState.error?.message}
                    data-testid={`color-${name}`}
                    fixOnBlur={false}
                    eyeDropperButtonProps={{ 'aria-label': t('eyeDropper', { field: t(`fields.${name}`) }) }}
                    popoverProps={{ withinPortal: true }}
                  />
                )}
              />
            ))}
          </SimpleGrid>
          <BrandingPreview
            colours={{
              brandColor: effective('brandColor'),
              primaryColor: effective('primaryColor'),
              secondaryColor: effective('secondaryColor'),
              variantColor: effective('variantColor'),
            }}
          />
          <Group justify="space-between">
            <Button
              variant="default"
              onClick={() => setConfirmReset(true)}
              disabled={configuration.inherited}
              data-testid="branding-reset"
            >
              {t('reset')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="branding-save">
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmDialog
        opened={confirmReset}
        title={t('reset')}
        message={t(ownerKind === 'PARTNER' ? 'confirmResetPartner' : 'confirmResetCompany')}
        confirmLabel={t('reset')}
        onConfirm={onReset}
        onClose={() => setConfirmReset(false)}
        loading={reset.isPending}
        danger
      />
    </Card>
  );
}

/** The colour only when it is a valid one, so the preview never draws garbage. */
function usable(color: string | undefined, fallback: string): string {
  return color && isHexColor(color) ? color.slice(0, 7) : fallback;
}

/** Black or white, whichever reads better on the colour (WCAG relative luminance). */
export function textOn(hex: string): '#000000' | '#FFFFFF' {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return (luminance + 0.05) / 0.05 > 1.05 / (luminance + 0.05) ? '#000000' : '#FFFFFF';
}

function Swatch({ color, label, testId }: { color: string; label: string; testId: string }) {
  return (
    <Box px="md" py={6} data-testid={testId} data-color={color} style={{ background: color, color: textOn(color), borderRadius: 6, fontSize: 14, fontWeight: 600 }}>
      {label}
    </Box>
  );
}

/** A small mock of the portal in the chosen colours (empty colours fall back like the theme does). */
export function BrandingPreview({ colours }: { colours: Partial<Values> }) {
  const { t } = useTranslation('branding');
  const brand = usable(colours.brandColor, DEFAULT_BRAND_COLOR);
  const primary = usable(colours.primaryColor, brand);
  const secondary = usable(colours.secondaryColor, primary);
  const variant = usable(colours.variantColor, secondary);
  return (
    <Box data-testid="branding-preview" aria-label={t('preview')} role="group" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, overflow: 'hidden' }}>
      <Box px="md" py="xs" data-testid="preview-brand" data-color={brand} style={{ background: brand, color: textOn(brand) }}>
        <Text fw={700} inherit>
          {t('previewTitle')}
        </Text>
      </Box>
      <Group p="md" gap="sm">
        <Swatch color={primary} label={t('fields.primaryColor')} testId="preview-primary" />
        <Swatch color={secondary} label={t('fields.secondaryColor')} testId="preview-secondary" />
        <Swatch color={variant} label={t('fields.variantColor')} testId="preview-variant" />
      </Group>
    </Box>
  );
}
