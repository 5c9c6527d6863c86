import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorLabel } from '@/lib/api/errors';
import type { MoneyCall } from '@/lib/api/idempotency';
import { api, type Body, type Reply } from '@/lib/api/typed';

// The communication calls (SPEC §7 Communication: messageChannel getForUser,
// get, add, update, delete, destinationUsers; message/send, getByChannel)
// and what step 2 picks recipients from (user groups, user/findByAny).

export type Channel = Reply<'/portal-service/v1/messageChannel/get'>;
export type ChannelWrite = Body<'/portal-service/v1/messageChannel/add'>['channel'];
export type MessageWrite = Body<'/portal-service/v1/message/send'>['message'];
export type Message = Reply<'/portal-service/v1/message/send'>;
export type Recipients = MessageWrite['recipients'];
export type Destination = Reply<'/portal-service/v1/messageChannel/destinationUsers'>;
export type RecipientUser = Reply<'/portal-service/v1/user/findByAny'>['content'][number];

/** Limits the server holds a message and a channel to (internal/messaging). */
export const CHANNEL_NAME_MAX = 100;
export const TITLE_MAX = 150;
export const BODY_MAX = 5000;
export const MAX_USERS = 1000;

export const messagingKeys = {
  all: ['messaging'] as const,
  channels: (company: string | null) => ['messaging', 'channels', company ?? ''] as const,
  channel: (ospId: string) => ['messaging', 'channel', ospId] as const,
  messages: (ospId: string, page: number) => ['messaging', 'messages', ospId, page] as const,
  destination: (company: string, recipients: Recipients) => ['messaging', 'destination', company, recipients] as const,
  admins: (company: string) => ['messaging', 'admins', company] as const,
  groups: (company: string) => ['messaging', 'groups', company] as const,
  users: (company: string, term: string) => ['messaging', 'users', company, term] as const,
};

/** A company's channels, or (platform staff, no company) the platform's. */
export function useChannels(corporateAccountOspId: string | null) {
  return useQuery({
    queryKey: messagingKeys.channels(corporateAccountOspId),
    queryFn: ({ signal }) =>
      api.post('/portal-service/v1/messageChannel/getForUser', {
        body: corporateAccountOspId ? { corporateAccountOspId } : {},
        signal,
      }),
  });
}

export function useChannel(channelOspId: string) {
  return useQuery({
    queryKey: messagingKeys.channel(channelOspId),
    queryFn: ({ signal }) => api.post('/portal-service/v1/messageChannel/get', { body: { channelOspId }, signal }),
    enabled: channelOspId !== '',
  });
}

/** The messages sent on a channel, newest first, a page at a time. */
export function useChannelMessages(channelOspId: string, page: number, size: number) {
  return useQuery({
    queryKey: messagingKeys.messages(channelOspId, page),
    queryFn: ({ signal }) =>
      api.post('/portal-service/v1/message/getByChannel', { body: { channelOspId, pagination: { page, size } }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Writes refetch every channel list and detail. */
function useMessagingMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void client.invalidateQueries({ queryKey: messagingKeys.all }),
  });
}

// Field errors are shown on the form's fields, not in a notification.
const onFields = { ignoreErrors: [ErrorLabel.VALIDATION_FAILED] };

export const useAddChannel = () =>
  useMessagingMutation((channel: ChannelWrite) => api.post('/portal-service/v1/messageChannel/add', { body: { channel }, ...onFields }));
export const useUpdateChannel = () =>
  useMessagingMutation((channel: ChannelWrite) => api.post('/portal-service/v1/messageChannel/update', { body: { channel }, ...onFields }));
export const useDeleteChannel = () =>
  useMessagingMutation((ospId: string) =>
    api.post('/portal-service/v1/messageChannel/delete', { body: { channel: { ospId, name: '', allowReply: false, showInApp: false } } }),
  );

/** Sends a message with the wizard's Idempotency-Key: a retried submit sends it once. */
export const useSendMessage = () =>
  useMessagingMutation(({ body, idempotencyKey }: MoneyCall<MessageWrite>) =>
    api.post('/portal-service/v1/message/send', { body: { message: body }, idempotencyKey, ...onFields }),
  );

/** The recipient count of a selection and a first page of it (step 2). */
export function useDestination(channelOspId: string, corporateAccountOspId: string, recipients: Recipients, enabled: boolean) {
  return useQuery({
    queryKey: messagingKeys.destination(`${channelOspId}/${corporateAccountOspId}`, recipients),
    queryFn: ({ signal }) =>
      api.post('/portal-service/v1/messageChannel/destinationUsers', {
        body: {
          channelOspId,
          corporateAccountOspId: corporateAccountOspId || undefined,
          recipients,
          pagination: { page: 1, size: 5 },
        },
        signal,
        ...onFields,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The company's communication managers: who may receive a channel's replies. */
export function useRecipientAdmins(corporateAccountOspId: string) {
  return useQuery({
    queryKey: messagingKeys.admins(corporateAccountOspId),
    queryFn: ({ signal }) =>
      api.get('/portal-service/v1/user/getMessagingRecipients', { query: { corporateAccountOspId }, signal }),
    enabled: corporateAccountOspId !== '',
  });
}

/** The company's active user groups (step 2 offers them). */
export function useCompanyGroups(corporateAccountOspId: string) {
  return useQuery({
    queryKey: messagingKeys.groups(corporateAccountOspId),
    queryFn: ({ signal }) =>
      api.post('/portal-service/v1/usergroup/findAll', {
        body: { corporateAccountOspId, active: true, pagination: { page: 1, size: 100 } },
        signal,
      }),
    enabled: corporateAccountOspId !== '',
  });
}

/** The company's active app users matching a term (the existing user search). */
export function useUserSearch(corporateAccountOspId: string, term: string) {
  return useQuery({
    queryKey: messagingKeys.users(corporateAccountOspId, term),
    queryFn: ({ signal }) =>
      api.post('/portal-service/v1/user/findByAny', {
        body: {
          corporateAccountOspId,
          types: ['mobile'],
          active: true,
          search: term,
          pagination: { page: 1, size: 20, sortOrders: [{ property: 'lastname', direction: 'ASC' }] },
        },
        signal,
      }),
    enabled: corporateAccountOspId !== '' && term !== '',
    placeholderData: keepPreviousData,
  });
}
