import { Badge, Box, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ErrorState';
import { Money } from '@/components/Money';
import { PageLoader } from '@/components/PageLoader';
import { countryName } from '@/lib/companyFields';
import { formatDate } from '@/lib/format';
import { useCurrentUser } from '@/lib/session/currentUser';
import { corporateAccountQueryOptions, useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';
import { useDeactivation } from '../api/getDeactivation';

/** One label and its value; an empty value shows a dash. */
function Item({ label, children }: { label: string; children: ReactNode }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text component="dd" m={0} size="sm">
        {empty ? '—' : children}
      </Text>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md">
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      {/* dl > div > dt + dd: a grid of label and value pairs screen readers read as such. */}
      <Box
        component="dl"
        m={0}
        style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 'var(--mantine-spacing-sm) var(--mantine-spacing-md)' }}
      >
        {children}
      </Box>
    </Card>
  );
}

/** company/details (a selected company needed): every field of the company, read only. */
export default function CompanyDetailsPage() {
  const { t, i18n } = useTranslation('companies');
  const { data: user } = useCurrentUser();
  const { ospId } = useSelectedCorporateAccount();
  const query = useQuery({ ...corporateAccountQueryOptions(ospId ?? ''), enabled: Boolean(ospId) });
  const mayAskDeactivation = Boolean(user && (user.isOspAdmin || user.roles.includes('user_manager') || user.roles.includes('ospadmin')));
  const deactivation = useDeactivation(ospId ?? '', mayAskDeactivation);

  if (!ospId || query.isPending) return <PageLoader />;
  if (query.error || !query.data) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;

  const company = query.data;
  const yesNo = (value: boolean) => (value ? t('yes') : t('no'));
  const label = (group: string, value: string | undefined) => (value ? t(`${group}.${value}`, { defaultValue: value }) : null);
  const paymentType = company.paymentType;
  const partnerOspId = company.partner.ospId;
  const partnerName = user?.partner?.ospId === partnerOspId ? user.partner.name : partnerOspId;
  const budgetTypes = (types: string[]) =>
    types.length > 0 ? types.map((type) => t(`budgetType.${type}`, { defaultValue: type })).join(', ') : null;

  return (
    <Stack gap="md" data-testid="company-details">
      <Group justify="space-between" align="center">
        <Title order={2}>{company.name}</Title>
        <Badge color={company.active ? 'green' : 'gray'} variant="light" size="lg" data-testid="company-status">
          {company.active ? t('status.active') : t('status.inactive')}
        </Badge>
      </Group>

      {deactivation.data && (
        <Section title={t('sections.deactivation')}>
          <Item label={t('deactivation.status')}>
            <span data-testid="deactivation-status">{t(`deactivation.statuses.${deactivation.data.status}`)}</span>
          </Item>
          <Item label={t('deactivation.requestedOn')}>{formatDate(deactivation.data.requestedOn)}</Item>
          {deactivation.data.status === 'REQUESTED' && (
            <Item label={t('deactivation.handleBy')}>{formatDate(deactivation.data.handleBy)}</Item>
          )}
          {deactivation.data.effectiveOn && (
            <Item label={t('deactivation.effectiveOn')}>{formatDate(deactivation.data.effectiveOn)}</Item>
          )}
          {deactivation.data.extraCostsUntil && (
            <Item label={t('deactivation.extraCostsUntil')}>{formatDate(deactivation.data.extraCostsUntil)}</Item>
          )}
          {deactivation.data.settledOn && (
            <Item label={t('deactivation.settledOn')}>{formatDate(deactivation.data.settledOn)}</Item>
          )}
        </Section>
      )}

      <Section title={t('sections.company')}>
        <Item label={t('fields.name')}>{company.name}</Item>
        <Item label={t('fields.companyType')}>{label('companyType', company.companyType)}</Item>
        <Item label={t('fields.extId')}>{company.extId}</Item>
        <Item label={t('fields.partner')}>{partnerName}</Item>
        <Item label={t('fields.poNumber')}>{company.poNumber}</Item>
        <Item label={t('fields.maxUsers')}>
          {company.maxUsers === null ? t('unlimited') : company.maxUsers}
        </Item>
      </Section>

      <Section title={t('sections.address')}>
        <Item label={t('fields.street')}>{[company.street, company.streetNumber].filter(Boolean).join(' ')}</Item>
        <Item label={t('fields.zipCode')}>{company.zipCode}</Item>
        <Item label={t('fields.city')}>{company.city}</Item>
        <Item label={t('fields.country')}>{company.country ? countryName(company.country, i18n.language) : null}</Item>
      </Section>

      <Section title={t('sections.registration')}>
        <Item label={t('fields.companyNumber')}>{company.companyNumber}</Item>
        <Item label={t('fields.vatNumber')}>{company.vatNumber}</Item>
        <Item label={t('fields.vatLiable')}>{yesNo(company.vatLiable)}</Item>
      </Section>

      <Section title={t('sections.contract')}>
        <Item label={t('fields.contractType')}>{label('contractType', company.contractType)}</Item>
        <Item label={t('fields.paymentType')}>{label('paymentType', paymentType)}</Item>
        {paymentType === 'POSTPAID_WITH_SECURITY_DEPOSIT' && (
          <Item label={t('fields.securityDepositAmount')}>
            {company.securityDepositAmount === null ? null : <Money cents={company.securityDepositAmount} />}
          </Item>
        )}
        <Item label={t('fields.companyBudgetThreshold')}>
          {company.companyBudgetThreshold === null ? null : <Money cents={company.companyBudgetThreshold} />}
        </Item>
        <Item label={t('fields.paymentReference')}>
          {company.paymentReference && <span data-testid="payment-reference">{company.paymentReference}</span>}
        </Item>
      </Section>

      <Section title={t('sections.invoicing')}>
        <Item label={t('fields.invoiceSendingMethod')}>{label('invoiceSendingMethod', company.invoiceSendingMethod)}</Item>
        <Item label={t('fields.invoicePaymentMethod')}>{label('invoicePaymentMethod', company.invoicePaymentMethod)}</Item>
        <Item label={t('fields.iban')}>{company.iban}</Item>
        <Item label={t('fields.bic')}>{company.bic}</Item>
      </Section>

      <Section title={t('sections.settings')}>
        <Item label={t('fields.twoFactorForAdmins')}>{yesNo(company.twoFactorForAdmins)}</Item>
        <Item label={t('fields.externalReferenceMandatory')}>{yesNo(company.externalReferenceMandatory)}</Item>
        <Item label={t('fields.selectedBudgetTypes')}>{budgetTypes(company.selectedBudgetTypes)}</Item>
        <Item label={t('fields.allowedBudgetTypes')}>{budgetTypes(company.allowedBudgetTypes)}</Item>
      </Section>
    </Stack>
  );
}
