import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { menuFor } from '../menus';
import { Sidebar } from './sidebar';

function renderMenu(roleId: number, pathname = '/user/dashboard', onLogout = () => {}) {
  render(<Sidebar items={menuFor(roleId)} pathname={pathname} hospitalName="Lagos Clinic" onLogout={onLogout} />);
  const nav = screen.getByRole('navigation', { name: 'Main menu' });
  return within(nav)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

const expected: Record<number, string[]> = {
  0: [
    'Dashboard',
    'Users',
    'Patients',
    'Laboratory',
    'Reception',
    'Pharmacy',
    'Audit Logs',
    'Billing',
    'Price List',
    'Providers',
    'Access Control',
    'Settings',
    'Logout',
  ],
  1: ['Dashboard', 'Patients', 'Lab Request', 'Prescription', 'Logout'],
  2: ['Dashboard', 'Patients', 'Appointments', 'Vitals', 'Logout'],
  3: ['Dashboard', 'Patients', 'Appointments', 'Logout'],
  4: ['Dashboard', 'Test Request', 'Test Catalogue', 'Report', 'Logout'],
  5: ['Dashboard', 'Prescription Request', 'Inventory Management', 'Report', 'Logout'],
  6: ['Dashboard', 'Invoice', 'Payments', 'HMO Provider', 'Price List', 'Report', 'Logout'],
};

describe('Sidebar', () => {
  it.each(Object.entries(expected))('shows the menu of role id %s, ending with Logout', (roleId, labels) => {
    expect(renderMenu(Number(roleId))).toEqual(labels);
  });

  it('falls back to the doctor menu for an unknown role id', () => {
    expect(renderMenu(42)).toEqual(expected[1]);
  });

  it('links each item to its screen and marks the current one', () => {
    renderMenu(5, '/user/inventory');
    expect(screen.getByRole('link', { name: 'Prescription Request' })).toHaveAttribute(
      'href',
      '/user/prescription-request',
    );
    expect(screen.getByRole('link', { name: 'Inventory Management' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('sends the doctor to the doctor patient list', () => {
    renderMenu(1);
    expect(screen.getByRole('link', { name: 'Patients' })).toHaveAttribute('href', '/doctor/patients');
  });

  it('shows the clinic brand and logs out from the last item', async () => {
    const onLogout = vi.fn();
    renderMenu(0, '/admin/users', onLogout);
    expect(screen.getByText('Lagos Clinic')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });
});
