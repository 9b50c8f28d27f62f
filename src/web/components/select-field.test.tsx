import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SelectField, selectPlaceholder } from './select-field';

const GENDERS = [
  { id: 'Male', label: 'Male' },
  { id: 'Female', label: 'Female' },
];

describe('SelectField', () => {
  it('names what it selects while nothing is chosen, never "Select an item"', () => {
    render(<SelectField label="Gender" options={GENDERS} value="" onChange={vi.fn()} />);
    const trigger = screen.getByRole('button', { name: /Gender/ });
    expect(trigger).toHaveTextContent('Select gender');
    expect(trigger).toHaveAccessibleName(expect.stringContaining('Select gender'));
    expect(screen.queryByText('Select an item')).not.toBeInTheDocument();
  });

  it('keeps its name when the label is hidden (a toolbar filter)', () => {
    render(<SelectField label="Status" options={GENDERS} value="" onChange={vi.fn()} hideLabel />);
    expect(screen.getByRole('button', { name: /Status/ })).toHaveTextContent('Select status');
  });

  it('shows the chosen option once one is chosen', () => {
    render(<SelectField label="Gender" options={GENDERS} value="Female" onChange={vi.fn()} />);
    expect(screen.getByRole('button', { name: /Gender/ })).toHaveTextContent('Female');
  });

  it('keeps an acronym’s capitals', () => {
    expect(selectPlaceholder('HMO provider')).toBe('Select HMO provider');
    expect(selectPlaceholder('Role')).toBe('Select role');
  });
});
