import { Alert, Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { ErrorState } from '@/components/ErrorState';
import { NotFoundPage } from '@/components/NotFoundPage';
import { PageLoader } from '@/components/PageLoader';
import type { SessionUser } from '@/lib/api/types';
import { formatDate } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';
import { paths } from '@/lib/routes';
import { useCurrentUser } from '@/lib/session/currentUser';
import { useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';
import {
  useActivateCompany,
  useCompany,
  useDeactivation,
  useHandleDeactivation,
  useRequestDeactivation,
  useWithdrawDeactivation,
  type Deactivation,
} from '../api/deactivation';

/** SPEC §9: descriptions are at most 140 characters; a remark is one. */
const REMARK_MAX = 140;

type Who = Pick<SessionUser, 'roles' | 'isMsp' | 'isOspAdmin'>;
const isPlatformAdmin = (user: Who) => user.isOspAdmin || user.roles.includes('ospadmin');
/** Who may open the page: user_manager, MSP users and platform staff. */
export const canOpenDeactivation = (user: Who) => user.isMsp || isPlatformAdmin(user) || user.roles.includes('user_manager');
/** A deactivated company is activated again by MSP users or platform staff. */
const canActivate = (user: Who) => user.isMsp || isPlatformAdmin(user);

/** What the page shows, from the company's active flag and its latest request. */
export type DeactivationView = 'none' | 'requested' | 'handled' | 'deactivated';

export function viewOf(active: boolean, request: Pick<Deactivation, 'status'> | null): DeactivationView {
  if (!active || request?.status === 'EFFECTIVE' || request?.status === 'SETTLED') return 'deactivated';
  if (request?.status === 'REQUESTED') return 'requested';
  if (request?.status === 'HANDLED') return 'handled';
  return 'none';
}

function personName(person: Deactivation['requestedBy'] | undefined): string {
  return person ? person.fullName || person.ospId : '';
}

/** A date of the API (yyyy-MM-dd, or a timestamp) as dd/MM/yyyy. */
function day(value: string | null | undefined): string {
  return value ? formatDate(value.slice(0, 10)) : '';
}

/** company/settings/deactivation: request, follow, withdraw and undo a company's deactivation. */
export default function CompanyDeactivationPage() {
  const { t } = useTranslation('companySettings');
  const { data: user } = useCurrentUser();
  const location = useLocation();
  const { ospId } = useSelectedCorporateAccount();
  const company = useCompany(ospId ?? '');
  const request = useDeactivation(ospId ?? '');

  if (user && !canOpenDeactivation(user)) return <NotFoundPage />;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{t('deactivation.title')}</Title>
        <Button component={Link} to={{ pathname: paths.companySettings, search: location.search }} variant="default">
          {t('deactivation.back')}
        </Button>
      </Group>
      {!ospId || company.isPending || request.isPending ? (
        <PageLoader />
      ) : company.isError ? (
        <ErrorState error={company.error} onRetry={() => void company.refetch()} />
      ) : request.isError ? (
        <ErrorState error={request.error} onRetry={() => void request.refetch()} />
      ) : (
        <DeactivationCard ospId={ospId} active={company.data.active} request={request.data} user={user} />
      )}
    </Stack>
  );
}

function DeactivationCard({ ospId, active, request, user }: { ospId: string; active: boolean; request: Deactivation | null; user: Who | undefined }) {
  const { t } = useTranslation('companySettings');
  const view = viewOf(active, request);
  const [dialog, setDialog] = useState<'request' | 'withdraw' | 'handle' | 'activate' | null>(null);
  const [remark, setRemark] = useState('');
  const requestIt = useRequestDeactivation();
  const withdraw = useWithdrawDeactivation();
  const handle = useHandleDeactivation();
  const activate = useActivateCompany();
  const close = () => setDialog(null);
  const done = (message: string) => () => {
    close();
    notifySuccess(message);
  };
  const platformAdmin = Boolean(user && isPlatformAdmin(user));

  const dates: { key: string; value: string }[] = request
    ? [
        { key: 'requestedOn', value: day(request.requestedOn) },
        { key: 'requestedBy', value: personName(request.requestedBy) },
        { key: 'handleBy', value: day(request.handleBy) },
        { key: 'handledOn', value: day(request.handledOn) },
        { key: 'handledBy', value: personName(request.handledBy) },
        { key: 'effectiveOn', value: day(request.effectiveOn) },
        { key: 'extraCostsUntil', value: day(request.extraCostsUntil) },
        { key: 'settledOn', value: day(request.settledOn) },
      ].filter((d) => d.value)
    : [];
  // A withdrawn request, or one undone by activating the company again, is history.
  const showRequest = request && request.status !== 'WITHDRAWN' && request.status !== 'REACTIVATED' && view !== 'none';

  return (
    <Card withBorder padding="md" data-testid="deactivation-card" data-view={view}>
      <Stack gap="md">
        <Group gap="sm">
          <Text fw={600}>{t('deactivation.state')}</Text>
          <Badge color={view === 'deactivated' ? 'red' : view === 'none' ? 'green' : 'orange'} data-testid="deactivation-status">
            {t(`deactivation.views.${view}`)}
          </Badge>
          {view === 'requested' && request?.overdue && (
            <Badge color="red" variant="light" data-testid="deactivation-overdue">
              {t('deactivation.overdue')}
            </Badge>
          )}
        </Group>

        <Alert color="blue" icon={<IconInfoCircle size={18} />} title={t('deactivation.howTitle')}>
          <List size="sm" spacing={4}>
            <List.Item>{t('deactivation.how.handled')}</List.Item>
            <List.Item>{t('deactivation.how.effective')}</List.Item>
            <List.Item>{t('deactivation.how.extraCosts')}</List.Item>
            <List.Item>{t('deactivation.how.settled')}</List.Item>
          </List>
        </Alert>

        {showRequest && (
          <Stack gap="xs" data-testid="deactivation-request">
            <Title order={4}>{t('deactivation.current')}</Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              {dates.map((d) => (
                <Group key={d.key} gap="xs" data-testid={`deactivation-${d.key}`}>
                  <Text size="sm" c="dimmed">
                    {t(`deactivation.fields.${d.key}`)}:
                  </Text>
                  <Text size="sm">{d.value}</Text>
                </Group>
              ))}
            </SimpleGrid>
            {request.remark && (
              <Text size="sm">
                <Text span c="dimmed">{t('deactivation.fields.remark')}: </Text>
                {request.remark}
              </Text>
            )}
          </Stack>
        )}

        <Group gap="sm">
          {view === 'none' && (
            <Button color="red" onClick={() => setDialog('request')} data-testid="deactivation-request-button">
              {t('deactivation.request')}
            </Button>
          )}
          {(view === 'requested' || view === 'handled') && (
            <Button variant="default" onClick={() => setDialog('withdraw')} data-testid="deactivation-withdraw-button">
              {t('deactivation.withdraw')}
            </Button>
          )}
          {view === 'requested' && platformAdmin && (
            <Button onClick={() => setDialog('handle')} data-testid="deactivation-handle-button">
              {t('deactivation.handle')}
            </Button>
          )}
          {view === 'deactivated' && user && canActivate(user) && (
            <Button color="green" onClick={() => setDialog('activate')} data-testid="deactivation-activate-button">
              {t('deactivation.activate')}
            </Button>
          )}
          {view === 'deactivated' && !(user && canActivate(user)) && (
            <Text size="sm" c="dimmed">{t('deactivation.activateByPartner')}</Text>
          )}
        </Group>
      </Stack>

      <ConfirmDialog
        opened={dialog === 'request'}
        title={t('deactivation.request')}
        message={t('deactivation.confirmRequest')}
        confirmLabel={t('deactivation.requestConfirm')}
        danger
        loading={requestIt.isPending}
        onClose={close}
        onConfirm={() =>
          requestIt.mutate(
            { ospId, remark: remark.trim() || undefined },
            {
              onSuccess: () => {
                setRemark('');
                done(t('deactivation.requested'))();
              },
            },
          )
        }
      >
        <Textarea
          label={t('deactivation.fields.remark')}
          value={remark}
          onChange={(event) => setRemark(event.currentTarget.value)}
          maxLength={REMARK_MAX}
          description={t('deactivation.remarkHint', { max: REMARK_MAX })}
          rows={3}
          data-testid="deactivation-remark"
        />
      </ConfirmDialog>
      <ConfirmDialog
        opened={dialog === 'withdraw'}
        title={t('deactivation.withdraw')}
        message={t('deactivation.confirmWithdraw')}
        confirmLabel={t('deactivation.withdraw')}
        loading={withdraw.isPending}
        onClose={close}
        onConfirm={() => withdraw.mutate(ospId, { onSuccess: done(t('deactivation.withdrawn')) })}
      />
      <ConfirmDialog
        opened={dialog === 'handle'}
        title={t('deactivation.handle')}
        message={t('deactivation.confirmHandle')}
        confirmLabel={t('deactivation.handle')}
        loading={handle.isPending}
        onClose={close}
        onConfirm={() => handle.mutate(ospId, { onSuccess: done(t('deactivation.handledDone')) })}
      />
      <ConfirmDialog
        opened={dialog === 'activate'}
        title={t('deactivation.activate')}
        message={t('deactivation.confirmActivate')}
        confirmLabel={t('deactivation.activate')}
        loading={activate.isPending}
        onClose={close}
        onConfirm={() => activate.mutate(ospId, { onSuccess: done(t('deactivation.activated')) })}
      />
    </Card>
  );
}
