import { Anchor, Badge, Button, Group, Stack, Title } from '@mantine/core';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ErrorState } from '@/components/ErrorState';
import { NotFoundPage } from '@/components/NotFoundPage';
import { PageLoader } from '@/components/PageLoader';
import { ErrorLabel, isApiError } from '@/lib/api/errors';
import { CREATE_SEGMENT, namedRoutes, type ResourceTab } from '@/lib/routes';

interface Props {
  tab: ResourceTab;
  title: string;
  /** null while creating */
  active: boolean | null;
  actions?: ReactNode;
  children: ReactNode;
}

/** A {tab}/{createOrEdit} page: the way back to the tab's list, the title and state, the content. */
export function EditFrame({ tab, title, active, actions, children }: Props) {
  const { t } = useTranslation('resources');
  return (
    <Stack gap="md">
      <Anchor component={Link} to={namedRoutes.ResourceTab(tab)} size="sm">
        ← {t('backTo', { tab: t(`tabs.${tab}`) })}
      </Anchor>
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={3} data-testid="edit-title">
            {title}
          </Title>
          {active !== null && (
            <Badge color={active ? 'green' : 'gray'} variant="light" data-testid="edit-status">
              {active ? t('states.active') : t('states.inactive')}
            </Badge>
          )}
        </Group>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
      {children}
    </Stack>
  );
}

/** The end of a {createOrEdit} form: cancel (back to the tab's list) and create or save. */
export function FormButtons({ tab, creating, saving, testId }: { tab: ResourceTab; creating: boolean; saving: boolean; testId: string }) {
  const { t } = useTranslation('resources');
  const navigate = useNavigate();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={() => navigate(namedRoutes.ResourceTab(tab))}>
        {t('cancel')}
      </Button>
      <Button type="submit" loading={saving} data-testid={testId}>
        {creating ? t('create') : t('save')}
      </Button>
    </Group>
  );
}

/** The ospId of a {createOrEdit} route, or null for 'create'. */
export function useEditTarget(): string | null {
  const { createOrEdit = '' } = useParams();
  return createOrEdit === CREATE_SEGMENT ? null : createOrEdit;
}

interface LoadedProps<T> {
  /** useEditTarget's answer */
  target: string | null;
  query: { data?: T; isPending: boolean; error: unknown; refetch: () => unknown };
  /** null: a new one */
  children: (item: T | null) => ReactElement;
}

/**
 * A {createOrEdit} page's content: at once for a new one; for one to edit
 * once it is loaded, or the loader, the 404 page or the error meanwhile.
 */
export function Loaded<T>({ target, query, children }: LoadedProps<T>) {
  if (target === null) return children(null);
  if (query.data) return children(query.data);
  if (query.isPending) return <PageLoader />;
  if (isApiError(query.error) && query.error.errorLabel === ErrorLabel.NOT_FOUND) return <NotFoundPage />;
  return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
}
