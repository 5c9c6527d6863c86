import { Button, Card, Checkbox, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionUser, UserSearchResult } from '@/lib/api/types';
import { SEARCH_MIN_CHARS } from '@/lib/constants';
import { useCompanyTypes } from '../../api/getCompanyTypes';
import { useSearchUsers, type UserSearchFilter } from '../../api/searchUsers';
import { UserSearchResults } from './UserSearchResults';

interface Props {
  viewer: SessionUser;
  /** The company the dashboard is scoped to (company users: their own). */
  corporateAccountOspId: string | null;
  /** Where a result leads. */
  resultHref: (result: UserSearchResult) => string;
  /** Runs as a result is opened, before the navigation. */
  onOpen?: (result: UserSearchResult) => void;
}

/**
 * The dashboard's user search (SPEC §2): at least 3 characters, active users
 * only by default, one page of up to 1000 results. Searching is explicit
 * (button or Enter) because a search across all companies is expensive.
 */
export function UserSearch({ viewer, corporateAccountOspId, resultHref, onOpen }: Props) {
  const { t } = useTranslation('users');
  const [text, setText] = useState('');
  const [activeOnly, setActiveOnly] = useState(true);
  const [companyType, setCompanyType] = useState<string | null>(null);
  const [filter, setFilter] = useState<UserSearchFilter | null>(null);
  const companyTypes = useCompanyTypes(viewer.isOspAdmin);
  const results = useSearchUsers(filter);
  const canSearch = text.trim().length >= SEARCH_MIN_CHARS;

  const submit = () => {
    if (!canSearch) return;
    setFilter({
      search: text.trim(),
      activeOnly,
      corporateAccountOspId: corporateAccountOspId ?? undefined,
      companyType: companyType ?? undefined,
    });
  };

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={4}>{t('search.title')}</Title>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Group align="flex-end">
            <TextInput
              label={t('search.label')}
              placeholder={t('search.placeholder')}
              description={t('search.minChars', { min: SEARCH_MIN_CHARS })}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              w={360}
              data-testid="user-search-input"
            />
            {viewer.isOspAdmin && (
              // The partner selector needs a partner list call, which does not exist yet.
              <Select
                label={t('search.companyType')}
                placeholder={t('search.anyCompanyType')}
                data={(companyTypes.data ?? []).map((type) => ({ value: type, label: t(`search.companyTypes.${type}`, { defaultValue: type }) }))}
                value={companyType}
                onChange={setCompanyType}
                clearable
                w={200}
                comboboxProps={{ withinPortal: true }}
              />
            )}
            <Checkbox
              label={t('search.activeOnly')}
              checked={activeOnly}
              onChange={(event) => setActiveOnly(event.currentTarget.checked)}
              mb={8}
            />
            <Button type="submit" disabled={!canSearch} loading={results.isFetching} data-testid="user-search-submit">
              {t('search.submit')}
            </Button>
          </Group>
        </form>
        {filter && <UserSearchResults query={results} resultHref={resultHref} onOpen={onOpen} />}
      </Stack>
    </Card>
  );
}
