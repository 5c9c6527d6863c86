import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { UseFormReturn } from 'react-hook-form';
import { PersonalDetailsFields } from '../form/PersonalDetailsFields';
import type { PersonVariant, PersonalValues } from '../form/userForm';

interface Props {
  title: string;
  variant: PersonVariant;
  corporateAccountOspId: string;
  form: UseFormReturn<PersonalValues>;
  loginCheck: { error: string | null; checking: boolean };
  onSubmit: () => void;
  submitting: boolean;
  /** Roles or contact types. */
  children: ReactNode;
}

/** The frame of the add-admin and add-contact pages. */
export function AddPersonPage(props: Props) {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  return (
    <Stack gap="lg" maw={960}>
      <Title order={2}>{props.title}</Title>
      <Card withBorder padding="lg">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            props.onSubmit();
          }}
        >
          <Stack gap="md">
            <PersonalDetailsFields
              form={props.form}
              variant={props.variant}
              mode="create"
              corporateAccountOspId={props.corporateAccountOspId}
              loginError={props.loginCheck.error}
              loginChecking={props.loginCheck.checking}
            />
            {props.children}
            <Group justify="space-between">
              <Button variant="default" onClick={() => navigate(-1)}>
                {t('actions.cancel')}
              </Button>
              <Button type="submit" loading={props.submitting}>
                {t('actions.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
