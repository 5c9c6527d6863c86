import { Alert, Checkbox } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api/errorMessage';
import { isApiError } from '@/lib/api/errors';

/** What a dialog or page should say about a failed write: nothing when the client already notified. */
export function unnotifiedMessage(error: unknown, t: TFunction): string | null {
  return isApiError(error) && error.handled ? null : errorMessage(error, t);
}

/** A refusal shown where the user acted (a dialog, the add page). */
export function Refusal({ message, testId }: { message: string | null; testId?: string }) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert" data-testid={testId} style={{ whiteSpace: 'pre-line' }}>
      {message}
    </Alert>
  );
}

/** Whether composition elements are mandatory, with what that means. */
export function MandatoryCheckbox(props: { checked: boolean; onChange: (checked: boolean) => void; testId: string }) {
  const { t } = useTranslation('products');
  return (
    <Checkbox
      label={t('composition.mandatory')}
      description={t('composition.mandatoryHelp')}
      checked={props.checked}
      onChange={(event) => props.onChange(event.currentTarget.checked)}
      data-testid={props.testId}
    />
  );
}
