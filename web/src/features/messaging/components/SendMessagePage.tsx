import {
  ActionIcon,
  Alert,
  Group,
  Loader,
  MultiSelect,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Input,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { DateField } from '@/components/DateField';
import { PageLoader } from '@/components/PageLoader';
import { WizardForm } from '@/components/WizardForm';
import { ApiError } from '@/lib/api/errors';
import { useIdempotencyKey } from '@/lib/api/idempotency';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '@/lib/constants';
import { formatDate } from '@/lib/format';
import { showFormError } from '@/lib/forms';
import { notifySuccess } from '@/lib/notify';
import { messagingRoutes } from '@/lib/routes';
import { useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';
import {
  BODY_MAX,
  MAX_USERS,
  TITLE_MAX,
  useChannels,
  useCompanyGroups,
  useDestination,
  useSendMessage,
  useUserSearch,
  type Channel,
} from '../api/messaging';
import {
  CONTENT_FIELDS,
  MESSAGE_FIELD_MAP,
  MESSAGE_FIELDS,
  recipientsOf,
  toMessageWrite,
  useMessageForm,
  type MessageValues,
} from './messageForm';

/**
 * communication/message/add: send a message in three steps (SPEC §2): the
 * content, the recipients with their count (destinationUsers), review and
 * send. The recipients are the selected company's employees.
 */
export default function SendMessagePage() {
  const { t } = useTranslation('messaging');
  const { ospId: company, isLoading } = useSelectedCorporateAccount();
  const channels = useChannels(company);
  if (isLoading || (company && channels.isPending)) return <PageLoader />;
  if (!company) return <Alert color="blue">{t('send.selectCompany')}</Alert>;
  if (channels.data && channels.data.length === 0) return <Alert color="blue">{t('send.noChannels')}</Alert>;
  return <SendWizard company={company} channels={channels.data ?? []} />;
}

function SendWizard({ company, channels }: { company: string; channels: Channel[] }) {
  const { t } = useTranslation('messaging');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const initial = channels.some((c) => c.ospId === params.get('channel')) ? (params.get('channel') ?? '') : (channels[0]?.ospId ?? '');
  const form = useMessageForm(initial);
  const [active, setActive] = useState(0);
  const send = useSendMessage();
  const idempotency = useIdempotencyKey();
  const [channelOspId, mode, groupOspIds, users] = useWatch({ control: form.control, name: ['channelOspId', 'mode', 'groupOspIds', 'users'] });
  const recipients = recipientsOf({ mode, groupOspIds, users });
  const chosenNone = mode === 'chosen' && groupOspIds.length === 0 && users.length === 0;
  const destination = useDestination(channelOspId, company, recipients, active >= 1 && !chosenNone && channelOspId !== '');
  const count = chosenNone ? 0 : destination.data?.count;

  // A field a step check marked wrong is checked again as it is typed in, so
  // its message goes at once (not on blur, when the layout would shift under
  // the pointer on its way to Next).
  useEffect(() => {
    const sub = form.watch((_, { name }) => {
      if (name && form.getFieldState(name).error) void form.trigger(name);
    });
    return () => sub.unsubscribe();
  }, [form]);

  const onNext = async () => {
    if (active === 0) {
      if (await form.trigger([...CONTENT_FIELDS])) setActive(1);
      return;
    }
    if (active === 1) {
      if (chosenNone) {
        form.setError('groupOspIds', { type: 'required', message: t('rules.recipients') });
      } else if (count === 0) {
        form.setError('groupOspIds', { type: 'empty', message: t('send.noRecipients') });
      } else if (count !== undefined) {
        setActive(2);
      }
      return;
    }
    try {
      const message = await send.mutateAsync({ body: toMessageWrite(form.getValues()), idempotencyKey: idempotency.current() });
      idempotency.renew();
      notifySuccess(
        message.status === 'SENT' ? t('send.sent', { count: message.recipientCount }) : t('send.queued', { count: message.recipientCount }),
      );
      navigate(messagingRoutes.channel(message.channelOspId));
    } catch (error) {
      showFormError(error, form.setError, MESSAGE_FIELDS, t, MESSAGE_FIELD_MAP);
      if (error instanceof ApiError) {
        const fields = error.errors.map((e) => e.field);
        if (fields.some((f) => f.startsWith('message.recipients'))) setActive(1);
        if (fields.some((f) => ['message.channelOspId', 'message.title', 'message.body', 'message.homeScreenUntil'].includes(f))) setActive(0);
      }
    }
  };

  return (
    <WizardForm
      title={t('send.title')}
      active={active}
      onActiveChange={setActive}
      onNext={onNext}
      busy={send.isPending}
      labels={{ cancel: t('send.cancel'), back: t('send.back'), next: t('send.next'), submit: t('send.submit') }}
      steps={[
        { key: 'content', label: t('send.steps.content'), content: <ContentStep form={form} channels={channels} /> },
        {
          key: 'recipients',
          label: t('send.steps.recipients'),
          content: (
            <RecipientsStep
              form={form}
              company={company}
              count={count}
              counting={destination.isFetching && !chosenNone}
              preview={chosenNone ? [] : (destination.data?.users.content ?? []).map((u) => u.fullName)}
            />
          ),
        },
        {
          key: 'review',
          label: t('send.steps.review'),
          content: <ReviewStep values={form.getValues()} channels={channels} count={count} />,
        },
      ]}
    />
  );
}

function ContentStep({ form, channels }: { form: UseFormReturn<MessageValues>; channels: Channel[] }) {
  const { t } = useTranslation('messaging');
  const errors = form.formState.errors;
  return (
    <Stack gap="md" mt="md">
      <Controller
        control={form.control}
        name="channelOspId"
        render={({ field }) => (
          <Select
            label={t('fields.channel')}
            withAsterisk
            data={channels.map((c) => ({ value: c.ospId, label: c.name }))}
            value={field.value || null}
            onChange={(v) => field.onChange(v ?? '')}
            onBlur={field.onBlur}
            error={errors.channelOspId?.message}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-testid="message-channel"
          />
        )}
      />
      <TextInput
        label={t('fields.title')}
        withAsterisk
        maxLength={TITLE_MAX}
        error={errors.title?.message}
        data-testid="message-title"
        {...form.register('title')}
      />
      <Textarea
        label={t('fields.body')}
        withAsterisk
        autosize
        minRows={4}
        maxLength={BODY_MAX}
        error={errors.body?.message}
        data-testid="message-body"
        {...form.register('body')}
      />
      <Controller
        control={form.control}
        name="homeScreenUntil"
        render={({ field }) => (
          <DateField
            label={t('fields.homeScreenUntil')}
            description={t('fields.homeScreenUntilHint')}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.homeScreenUntil?.message}
            minDate={new Date()}
          />
        )}
      />
      <Controller
        control={form.control}
        name="push"
        render={({ field }) => (
          <Switch label={t('fields.push')} checked={field.value} onChange={(event) => field.onChange(event.currentTarget.checked)} />
        )}
      />
    </Stack>
  );
}

function RecipientsStep({
  form,
  company,
  count,
  counting,
  preview,
}: {
  form: UseFormReturn<MessageValues>;
  company: string;
  count: number | undefined;
  counting: boolean;
  /** The first recipients by name (destinationUsers' first page). */
  preview: string[];
}) {
  const { t } = useTranslation('messaging');
  const groups = useCompanyGroups(company);
  const errors = form.formState.errors;
  const mode = useWatch({ control: form.control, name: 'mode' });
  return (
    <Stack gap="md" mt="md">
      <Controller
        control={form.control}
        name="mode"
        render={({ field }) => (
          <Input.Wrapper label={t('send.recipientMode')}>
            <div>
              <SegmentedControl
                value={field.value}
                onChange={(v) => {
                  field.onChange(v);
                  form.clearErrors(['groupOspIds', 'users']);
                }}
                data={[
                  { value: 'all', label: t('send.all') },
                  { value: 'chosen', label: t('send.chosen') },
                ]}
                data-testid="recipient-mode"
              />
            </div>
          </Input.Wrapper>
        )}
      />
      {mode === 'chosen' && (
        <>
          <Controller
            control={form.control}
            name="groupOspIds"
            render={({ field }) => (
              <MultiSelect
                label={t('fields.groups')}
                data={(groups.data?.content ?? []).map((g) => ({ value: g.ospId, label: `${g.data.name} (${g.data.userCount})` }))}
                value={field.value}
                onChange={(v) => {
                  field.onChange(v);
                  form.clearErrors('groupOspIds');
                }}
                searchable
                error={errors.groupOspIds?.message}
                comboboxProps={{ withinPortal: true }}
                data-testid="recipient-groups"
              />
            )}
          />
          <Controller
            control={form.control}
            name="users"
            render={({ field }) => (
              <UserAdder
                company={company}
                value={field.value}
                onChange={(v) => {
                  field.onChange(v);
                  form.clearErrors('groupOspIds');
                }}
                error={errors.users?.message}
              />
            )}
          />
        </>
      )}
      <Group gap="xs" aria-live="polite">
        {counting && <Loader size="xs" />}
        <Text fw={600} data-testid="recipient-count">
          {count === undefined ? t('send.counting') : t('send.count', { count })}
        </Text>
      </Group>
      {preview.length > 0 && (
        <Text size="sm" c="dimmed" data-testid="recipient-preview">
          {t('send.preview', { names: preview.join(', '), more: Math.max(0, (count ?? 0) - preview.length) })}
        </Text>
      )}
    </Stack>
  );
}

/** Single users, added one by one through the user search (user/findByAny). */
function UserAdder({
  company,
  value,
  onChange,
  error,
}: {
  company: string;
  value: MessageValues['users'];
  onChange: (next: MessageValues['users']) => void;
  error?: string;
}) {
  const { t } = useTranslation('messaging');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const term = debounced.length >= SEARCH_MIN_CHARS ? debounced : '';
  const matches = useUserSearch(company, term);
  const found = term ? (matches.data?.content ?? []).filter((u) => !value.some((v) => v.ospId === u.ospId)) : [];
  return (
    <Stack gap="xs">
      <Select
        label={t('fields.users')}
        placeholder={t('send.searchUserPlaceholder')}
        searchable
        value={null}
        searchValue={search}
        onSearchChange={setSearch}
        data={found.map((u) => ({ value: u.ospId, label: `${u.fullName} (${u.email})` }))}
        filter={({ options }) => options}
        nothingFoundMessage={term ? t('send.nothingFound') : t('send.minChars', { min: SEARCH_MIN_CHARS })}
        rightSection={matches.isFetching ? <Loader size="xs" /> : undefined}
        onChange={(id) => {
          const u = found.find((x) => x.ospId === id);
          if (u && value.length < MAX_USERS) onChange([...value, { ospId: u.ospId, name: u.fullName }]);
          setSearch('');
        }}
        error={error}
        comboboxProps={{ withinPortal: true }}
        data-testid="recipient-user-search"
      />
      {value.length > 0 && (
        <Group gap="xs" data-testid="recipient-users">
          {value.map((u) => (
            <Group key={u.ospId} gap={4} px="xs" py={2} style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4 }}>
              <Text size="sm">{u.name}</Text>
              <ActionIcon
                size="sm"
                variant="subtle"
                aria-label={t('send.remove', { name: u.name })}
                onClick={() => onChange(value.filter((x) => x.ospId !== u.ospId))}
              >
                <IconX size={14} />
              </ActionIcon>
            </Group>
          ))}
        </Group>
      )}
    </Stack>
  );
}

function ReviewStep({ values, channels, count }: { values: MessageValues; channels: Channel[]; count: number | undefined }) {
  const { t } = useTranslation('messaging');
  const rows: [string, string][] = [
    [t('send.review.channel'), channels.find((c) => c.ospId === values.channelOspId)?.name ?? ''],
    [t('send.review.title'), values.title],
    [t('send.review.body'), values.body],
    [t('send.review.homeScreenUntil'), values.homeScreenUntil ? formatDate(values.homeScreenUntil) : t('send.review.none')],
    [t('send.review.push'), values.push ? t('channels.yes') : t('channels.no')],
    [
      t('send.review.recipients'),
      `${values.mode === 'all' ? t('send.all') : [...values.users.map((u) => u.name), `${values.groupOspIds.length} × ${t('fields.groups')}`].join(', ')} — ${t('send.count', { count: count ?? 0 })}`,
    ],
  ];
  return (
    <Stack gap="sm" mt="md" data-testid="message-review">
      {rows.map(([label, value]) => (
        <div key={label}>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Text style={{ whiteSpace: 'pre-line' }}>{value}</Text>
        </div>
      ))}
    </Stack>
  );
}
