import { Button, Card, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommuteUserStatus, TravelCompensation } from '@/lib/api/types';
import { notifySuccess } from '@/lib/notify';
import { useUpdateCommuteUser } from '../../api/updateCommuteUser';
import { COMMUTE_MODES } from '../tripOptions';

type Mode = (typeof COMMUTE_MODES)[number];

const offered = (company: TravelCompensation, mode: Mode) =>
  mode === 'BIKE' ? company.commuteBikeEnabled : mode === 'CAR' ? company.commuteCarEnabled : company.commuteWalkingEnabled;

/**
 * Which commute modes the user may register. The status carries the user's
 * own permissions; a mode the company does not offer cannot be changed
 * here and keeps the user's value, which applies once the company offers
 * it.
 */
export function CommuteModesCard({ userOspId, status, company }: { userOspId: string; status: CommuteUserStatus; company: TravelCompensation }) {
  const { t } = useTranslation('trips');
  const update = useUpdateCommuteUser();
  const [allowed, setAllowed] = useState<Record<Mode, boolean>>(() => ({
    BIKE: status.bikeAllowed,
    CAR: status.carAllowed,
    WALK: status.walkingAllowed,
  }));
  const save = () =>
    update.mutate(
      { userOspId, bikeAllowed: allowed.BIKE, carAllowed: allowed.CAR, walkingAllowed: allowed.WALK },
      { onSuccess: () => notifySuccess(t('config.saved')) },
    );
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={4}>{t('config.modes.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('config.modes.intro')}
        </Text>
        <Group gap="xl">
          {COMMUTE_MODES.map((mode) => {
            const isOffered = offered(company, mode);
            return (
              <Checkbox
                key={mode}
                label={t(`modes.${mode}`)}
                description={isOffered ? undefined : t('config.notOffered')}
                disabled={!isOffered}
                checked={isOffered && allowed[mode]}
                onChange={(event) => {
                  const checked = event.currentTarget.checked;
                  setAllowed((current) => ({ ...current, [mode]: checked }));
                }}
                data-testid={`trip-mode-${mode}`}
              />
            );
          })}
        </Group>
        <Group justify="flex-end">
          <Button onClick={save} loading={update.isPending} data-testid="trip-modes-save">
            {t('config.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
