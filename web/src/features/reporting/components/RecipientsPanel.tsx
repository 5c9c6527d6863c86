import { ActionIcon, Button, Card, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ErrorState';
import { showFormError } from '@/lib/forms';
import { useRecipientChanges, useRecipients, useReportTypes, type RecipientsResponse } from '../api/reports';
import { useRecipientForm, type RecipientValues } from './recipientForm';

interface Props {
  /** The company whose recipients are shown; null: none chosen yet. */
  corporateAccountOspId: string | null;
}

/** The e-mail recipients of each report type of a company (SPEC §2 Reporting, §5). */
export function RecipientsPanel({ corporateAccountOspId }: Props) {
  const { t } = useTranslation('reporting');
  const types = useReportTypes();
  const recipients = useRecipients(corporateAccountOspId);

  let content;
  if (!corporateAccountOspId) {
    content = <Text c="dimmed">{t('recipients.chooseCompany')}</Text>;
  } else if ((types.error && !types.data) || (recipients.error && !recipients.data)) {
    content = (
      <ErrorState
        error={types.error ?? recipients.error}
        onRetry={() => {
          void types.refetch();
          void recipients.refetch();
        }}
      />
    );
  } else if (!types.data || !recipients.data) {
    content = <Loader size="sm" aria-label={t('loading')} />;
  } else {
    content = (
      <Stack gap="lg">
        {types.data.map((type) => (
          <RecipientsOfType
            key={type.reportType}
            corporateAccountOspId={corporateAccountOspId}
            reportType={type.reportType}
            emails={emailsOf(recipients.data, type.reportType)}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Card withBorder padding="lg" data-testid="report-recipients">
      <Stack gap="md">
        <Title order={3} size="h4">
          {t('recipients.title')}
        </Title>
        {content}
      </Stack>
    </Card>
  );
}

export function emailsOf(answer: RecipientsResponse, reportType: string): string[] {
  return answer.recipients.find((r) => r.reportType === reportType)?.emails ?? [];
}

function RecipientsOfType(props: { corporateAccountOspId: string; reportType: string; emails: string[] }) {
  const { corporateAccountOspId, reportType, emails } = props;
  const { t } = useTranslation('reporting');
  const { add, remove } = useRecipientChanges(corporateAccountOspId);
  const form = useRecipientForm(emails);
  const typeLabel = t(`types.${reportType}`, { defaultValue: reportType });

  const submit = form.handleSubmit(async (values: RecipientValues) => {
    try {
      await add.mutateAsync({ corporateAccountOspId, reportType, emails: [values.email.trim()] });
      form.reset({ email: '' });
    } catch (error) {
      showFormError(error, form.setError, ['email'], t, { 'emails[0]': 'email', emails: 'email' });
    }
  });

  return (
    <Stack gap="xs" data-testid={`recipients-${reportType}`}>
      <Text fw={600}>{typeLabel}</Text>
      {emails.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('recipients.none')}
        </Text>
      ) : (
        <Table withRowBorders={false} verticalSpacing={4}>
          <Table.Tbody>
            {emails.map((email) => (
              <Table.Tr key={email}>
                <Table.Td>{email}</Table.Td>
                <Table.Td w={48}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('recipients.remove', { email })}
                    loading={remove.isPending && remove.variables?.email === email}
                    onClick={() => remove.mutate({ corporateAccountOspId, reportType, email })}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <form onSubmit={submit} noValidate>
        <Group align="flex-start" gap="sm">
          <TextInput
            {...form.register('email')}
            label={t('recipients.addFor', { type: typeLabel })}
            placeholder={t('recipients.placeholder')}
            type="email"
            autoComplete="off"
            withAsterisk
            error={form.formState.errors.email?.message}
            w={480}
            data-testid={`recipient-email-${reportType}`}
          />
          <Button type="submit" mt={25} loading={add.isPending} data-testid={`recipient-add-${reportType}`}>
            {t('recipients.add')}
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
