import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageLoader } from '@/components/PageLoader';
import { namedRoutes } from '@/lib/routes';
import { useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';
import { useCreateContact } from '../../api/createContact';
import { ContactTypesField } from '../form/ContactTypesField';
import { showSaveError } from '../form/submitErrors';
import { usePersonalForm } from '../form/usePersonalForm';
import { EMPTY_PERSONAL, toUserData } from '../form/userForm';
import { AddPersonPage } from './AddPersonPage';

export type ContactType = 'INVOICING_CONTACT' | 'HR_CONTACT' | 'BUDGET_CONTACT';

/** manage/admins/{contact,hr,mobility}/add: one form, the route preselects the contact type. */
export default function AddContactPage({ contactType }: { contactType: ContactType }) {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const { ospId: corporateAccountOspId } = useSelectedCorporateAccount();
  const { form, loginCheck } = usePersonalForm(EMPTY_PERSONAL);
  const create = useCreateContact();
  const [contactTypes, setContactTypes] = useState<string[]>([contactType]);
  const [typesError, setTypesError] = useState<string | null>(null);
  if (!corporateAccountOspId) return <PageLoader />;

  const submit = form.handleSubmit(async (values) => {
    if (loginCheck.error) return form.setError('login', { type: 'server', message: loginCheck.error });
    if (contactTypes.length === 0) return setTypesError(t('validation:required', { label: t('fields.contactTypes') }));
    try {
      const user = await create.mutateAsync({
        corporateAccount: { ospId: corporateAccountOspId },
        userData: toUserData(values),
        contactTypes,
        sendCredentials: values.sendCredentials,
      });
      navigate(namedRoutes.ContactUserView(user.ospId));
    } catch (error) {
      showSaveError(error, form, t);
    }
  });

  return (
    <AddPersonPage
      title={t(`admins.addContactTitle.${contactType}`)}
      variant="contact"
      corporateAccountOspId={corporateAccountOspId}
      form={form}
      loginCheck={loginCheck}
      onSubmit={() => void submit()}
      submitting={create.isPending}
    >
      <ContactTypesField
        value={contactTypes}
        onChange={(next) => {
          setContactTypes(next);
          setTypesError(null);
        }}
        error={typesError}
      />
    </AddPersonPage>
  );
}
