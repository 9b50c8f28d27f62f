import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable, type Column } from './data-table';

type Person = { id: string; name: string; email: string };
const columns: Column<Person>[] = [
  { key: 'id', header: 'User ID', render: (p) => p.id },
  { key: 'name', header: 'Name', render: (p) => p.name },
  { key: 'email', header: 'Email', render: (p) => p.email },
];
const people: Person[] = [
  { id: 'EMP-0001', name: 'Ada Obi', email: 'ada@clinic.ng' },
  { id: 'EMP-0002', name: 'Tunde Bello', email: 'tunde@clinic.ng' },
];

function renderTable(rows: Person[] | undefined, isLoading = false) {
  render(
    <DataTable
      label="Users"
      columns={columns}
      rows={rows}
      rowKey={(p) => p.id}
      isLoading={isLoading}
      loadingText="Loading users..."
      emptyTitle="No users found"
    />,
  );
}

describe('Data table', () => {
  it('labels every cell with its column header, for the stacked cards of narrow screens', () => {
    renderTable(people);
    const table = screen.getByRole('table', { name: 'Users' });
    const [, ...rows] = within(table).getAllByRole('row');
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const cells = within(row).getAllByRole('cell');
      expect(cells.map((cell) => cell.querySelector('[aria-hidden="true"]')?.textContent)).toEqual([
        'User ID',
        'Name',
        'Email',
      ]);
    }
    // The visible label is not read twice: the column header names the cell.
    expect(within(rows[0]!).getAllByRole('cell')[1]).toHaveTextContent('NameAda Obi');
    expect(within(rows[0]!).getByText('Ada Obi').closest('[aria-hidden="true"]')).toBeNull();
  });

  it('keeps table semantics with explicit roles, whatever the cards do to the display', () => {
    renderTable(people);
    const table = screen.getByRole('table', { name: 'Users' });
    expect(table).toHaveAttribute('role', 'table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['User ID', 'Name', 'Email']);
    for (const cell of within(table).getAllByRole('cell')) expect(cell).toHaveAttribute('role', 'cell');
  });

  it('shows loading, then empty, as one message row without card labels', () => {
    const { rerender } = render(<p>start</p>);
    rerender(
      <DataTable
        label="Users"
        columns={columns}
        rows={undefined}
        rowKey={(p) => p.id}
        isLoading
        loadingText="Loading users..."
        emptyTitle="No users found"
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading users...');
    rerender(
      <DataTable
        label="Users"
        columns={columns}
        rows={[]}
        rowKey={(p) => p.id}
        isLoading={false}
        emptyTitle="No users found"
      />,
    );
    const [, message] = within(screen.getByRole('table')).getAllByRole('row');
    expect(message).toHaveTextContent('No users found');
    expect(message!.querySelector('[aria-hidden="true"]')).toBeNull();
  });
});
