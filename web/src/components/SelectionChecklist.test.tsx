import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SelectionChecklist, type ChecklistOption } from './SelectionChecklist';

const options: ChecklistOption[] = Array.from({ length: 10 }, (_, i) => ({
  value: `p-${i}`,
  label: i % 2 === 0 ? `Train ${i}` : `Bike ${i}`,
  description: `EXT-${i}`,
}));

function Harness({ initial = [] as string[], readOnly = false, list = options }) {
  const [value, setValue] = useState(initial);
  return (
    <MantineProvider>
      <SelectionChecklist label="Products" options={list} value={value} onChange={setValue} readOnly={readOnly} emptyMessage="Nothing to choose" />
      <output data-testid="value">{value.join(',')}</output>
    </MantineProvider>
  );
}

const value = () => screen.getByTestId('value').textContent;

describe('SelectionChecklist', () => {
  it('toggles options and counts what is selected', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['p-1']} />);
    expect(screen.getByRole('checkbox', { name: /Bike 1/ })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: /Train 0/ }));
    expect(value()).toBe('p-1,p-0');
    expect(screen.getByText('2 of 10 selected')).toBeInTheDocument();
  });

  it('selects and clears only what the search shows, keeping hidden selections', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['p-1']} />);
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'train');
    expect(screen.queryByRole('checkbox', { name: /Bike/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Select those shown' }));
    expect(value()).toBe('p-1,p-0,p-2,p-4,p-6,p-8');
    await user.click(screen.getByRole('button', { name: 'Clear those shown' }));
    expect(value()).toBe('p-1');
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ext-3');
    expect(screen.getAllByRole('checkbox').map((c) => c.getAttribute('value'))).toEqual(['p-3']);
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'x');
    expect(screen.getByText('Nothing matches this search.')).toBeInTheDocument();
  });

  it('says when there is nothing to choose from', () => {
    render(<Harness list={[]} />);
    expect(screen.getByText('Nothing to choose')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('lists only the selected options, without checkboxes, when read-only', () => {
    render(<Harness initial={['p-2', 'gone']} readOnly />);
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Train 2 (EXT-2)']);
  });
});
