import { Card } from '@mantine/core';
import { useState } from 'react';
import { ErrorState } from '@/components/ErrorState';
import { PageLoader } from '@/components/PageLoader';
import { SelectionChecklist, type ChecklistOption } from '@/components/SelectionChecklist';
import { useDetailPartner } from './PartnerDetailPage';
import { sameSet, SelectionForm } from './SelectionForm';
import { usePlatformStaff } from './usePlatformStaff';

interface Props {
  field: 'selectedProducts' | 'selectedServiceResources';
  /** What may be chosen; undefined while loading. */
  options: ChecklistOption[] | undefined;
  error: unknown;
  onRetry: () => void;
  label: string;
  description: string;
  emptyMessage: string;
  /** Read-only and nothing selected. */
  noneSelected: string;
  appliedMessage: string;
  testId: string;
}

/**
 * partners/{partnerOspId}/products and /resources: what the partner lets
 * its companies offer, chosen from the catalogue by platform staff.
 */
export function CatalogueTab({ field, options, error, onRetry, label, description, emptyMessage, noneSelected, appliedMessage, testId }: Props) {
  const partner = useDetailPartner();
  const staff = usePlatformStaff();
  if (error) return <ErrorState error={error} onRetry={onRetry} />;
  if (!options) return <PageLoader />;
  const saved = partner[field] ?? [];
  if (!staff) {
    return (
      <Card withBorder padding="lg" maw={720}>
        <SelectionChecklist label={label} description={description} options={options} value={saved} readOnly emptyMessage={noneSelected} testId={testId} />
      </Card>
    );
  }
  return <EditCatalogue key={partner.ospId} {...{ field, options, label, description, emptyMessage, appliedMessage, testId, saved }} />;
}

type EditProps = Pick<Props, 'field' | 'label' | 'description' | 'emptyMessage' | 'appliedMessage' | 'testId'> & {
  options: ChecklistOption[];
  saved: string[];
};

function EditCatalogue({ field, options, label, description, emptyMessage, appliedMessage, testId, saved }: EditProps) {
  const [selected, setSelected] = useState<string[]>(saved);
  return (
    <SelectionForm
      field={field}
      value={selected}
      changed={!sameSet(selected, saved)}
      appliedMessage={appliedMessage}
      onSaved={(next) => setSelected(next[field] ?? selected)}
      saveTestId={`save-${testId}`}
    >
      {(error) => (
        <SelectionChecklist
          label={label}
          description={description}
          options={options}
          value={selected}
          onChange={setSelected}
          error={error}
          emptyMessage={emptyMessage}
          testId={testId}
        />
      )}
    </SelectionForm>
  );
}
