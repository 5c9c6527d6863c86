import { Badge, Button, Card, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageLoader } from '@/components/PageLoader';
import { PagedList } from '@/components/list/PagedList';
import { useListParams } from '@/components/list/listState';
import type { Column } from '@/components/PagedTable';
import type { UserListItem } from '@/lib/api/types';
import { DEFAULT_PAGE_SIZE } from '@/lib/constants';
import { namedRoutes, paths } from '@/lib/routes';
import { useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';
import { useFindUsers } from '../../api/findUsers';
import { UserStatusBadges } from '../UserStatusBadges';

const ADD_BUTTONS = [
  { key: 'admin', to: paths.addAdmin },
  { key: 'invoicingContact', to: paths.addInvoicingContact },
  { key: 'hrContact', to: paths.addHrContact },
  { key: 'budgetContact', to: paths.addBudgetContact },
] as const;

/** manage/admins: the company's admins and contacts. */
export default function AdminsPage() {
  const { t } = useTranslation('users');
  const { ospId: corporateAccountOspId } = useSelectedCorporateAccount();
  const list = useListParams({ property: 'lastname', direction: 'ASC' });
  const query = useFindUsers(
    {
      corporateAccountOspId: corporateAccountOspId ?? '',
      types: ['admin', 'contact'],
      search: list.search || undefined,
      pagination: { page: list.page, size: DEFAULT_PAGE_SIZE, sortOrders: [list.sort] },
    },
    Boolean(corporateAccountOspId),
  );
  if (!corporateAccountOspId) return <PageLoader />;

  const columns: Column<UserListItem>[] = [
    { key: 'name', header: t('columns.name'), sortProperty: 'lastname', render: (u) => u.fullName },
    { key: 'type', header: t('columns.type'), render: (u) => <Badge variant="outline">{t(`types.${u.type}`)}</Badge> },
    { key: 'email', header: t('columns.email'), sortProperty: 'email', render: (u) => u.email },
    {
      key: 'roles',
      header: t('columns.rolesOrContactTypes'),
      render: (u) => (
        <Group gap={4}>
          {(u.type === 'contact' ? u.contactTypes : u.roles).map((name) => (
            <Badge key={name} size="xs" variant="light">
              {u.type === 'contact' ? t(`contactTypes.${name}`) : t(`roles.names.${name}`, { defaultValue: name })}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'status',
      header: t('columns.status'),
      sortProperty: 'active',
      render: (u) => <UserStatusBadges active={u.active} blocked={u.blocked} desiredDeactivationDate={u.desiredDeactivationDate} />,
    },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>{t('admins.title')}</Title>
        <Group gap="xs">
          {ADD_BUTTONS.map((button, index) => (
            <Button key={button.key} component={Link} to={button.to} variant={index === 0 ? 'filled' : 'light'}>
              {t(`admins.add.${button.key}`)}
            </Button>
          ))}
        </Group>
      </Group>
      <Card withBorder padding="md">
        <PagedList
          query={query}
          list={list}
          sortable
          columns={columns}
          rowKey={(u) => u.ospId}
          rowHref={(u) => (u.type === 'contact' ? namedRoutes.ContactUserView(u.ospId) : namedRoutes.AdminUserViewDetails(u.ospId))}
          emptyMessage={list.search ? t('list.noMatches') : t('admins.empty')}
          search={{ label: t('list.search'), placeholder: t('list.searchPlaceholder') }}
        />
      </Card>
    </Stack>
  );
}
