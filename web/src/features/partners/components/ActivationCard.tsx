import { Alert, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { notifySuccess } from '@/lib/notify';
import { isRunning, usePartnerDeactivation } from '../api/getPartnerDeactivation';
import { COMPANY_QUERY_ROOTS, partnerKeys } from '../api/keys';
import { useSetPartnerActive } from '../api/setPartnerActive';
import type { Partner } from '../api/types';

/**
 * The partner's state: deactivate (which deactivates all its companies and
 * their users, a job on the server whose progress shows here) or activate.
 */
export function ActivationCard({ partner }: { partner: Partner }) {
  const { t } = useTranslation('partners');
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const setActive = useSetPartnerActive();
  const progress = usePartnerDeactivation(partner.ospId);
  const running = isRunning(progress.data);

  // When a running deactivation finishes, the partner and its companies are read again.
  const wasRunning = useRef(running);
  useEffect(() => {
    if (wasRunning.current && !running) {
      void client.invalidateQueries({ queryKey: partnerKeys.detail(partner.ospId) });
      void client.invalidateQueries({ queryKey: partnerKeys.lists() });
      for (const queryKey of COMPANY_QUERY_ROOTS) void client.invalidateQueries({ queryKey });
    }
    wasRunning.current = running;
  }, [running, client, partner.ospId]);

  const confirm = () =>
    setActive.mutate(
      { ospId: partner.ospId, active: !partner.active },
      {
        onSuccess: () => {
          notifySuccess(partner.active ? t('deactivation.started', { name: partner.name }) : t('activation.done', { name: partner.name }));
          setConfirming(false);
          void client.invalidateQueries({ queryKey: partnerKeys.deactivation(partner.ospId) });
        },
      },
    );

  const done = progress.data?.companiesDone ?? 0;
  const total = progress.data?.companiesTotal ?? 0;

  return (
    <Card withBorder padding="lg" data-testid="partner-activation">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('activation.title')}
        </Title>
        {running ? (
          <Stack gap={4} data-testid="deactivation-progress">
            <Text size="sm">{t('deactivation.running', { done, total })}</Text>
            <Progress
              value={total > 0 ? (done / total) * 100 : 0}
              animated
              aria-label={t('deactivation.progressLabel')}
            />
          </Stack>
        ) : partner.active ? (
          <Text size="sm">{t('deactivation.explain')}</Text>
        ) : (
          <Alert color="gray" variant="light">
            {t('activation.explain')}
          </Alert>
        )}
        <Group>
          <Button
            color={partner.active ? 'red' : undefined}
            variant={partner.active ? 'light' : 'filled'}
            disabled={running}
            onClick={() => setConfirming(true)}
            data-testid={partner.active ? 'deactivate-partner' : 'activate-partner'}
          >
            {partner.active ? t('deactivation.action') : t('activation.action')}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        danger={partner.active}
        title={partner.active ? t('deactivation.confirmTitle') : t('activation.confirmTitle')}
        message={partner.active ? t('deactivation.confirmMessage', { name: partner.name }) : t('activation.confirmMessage', { name: partner.name })}
        confirmLabel={partner.active ? t('deactivation.action') : t('activation.action')}
        loading={setActive.isPending}
        onConfirm={confirm}
      />
    </Card>
  );
}
