import { render, screen, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { priceListEndpoint } from '../../shared/api/billing';
import { hospitalSettingsEndpoint } from '../../shared/api/hospitals';
import { hospitalSettingsAtom } from '../lib/hospital-settings';
import { answer, fakeApi } from '../lib/testing/fake-api';
import { missingContactText } from '../features/hospital-settings/components/contact-checklist-item';
import { FirstHourChecklist } from './first-hour-checklist';
import { HospitalInactivityTimeout } from './inactivity-timeout';
import { ADMIN_USER, signedIn, withSession } from './testing/session-fixtures';

vi.setConfig({ testTimeout: 20_000 });

const settings = {
  name: 'Lagoon Hospital',
  email: 'info@lagoon.ng',
  registrationNumber: 'RGN/LAG/2024/0000001',
  licenseNumber: 'HEFAMAA/LAG/2024/CLI/000001',
  hospitalNumber: 'DVC/2024/000001',
  hospitalCode: 'HMS-1',
  address: null as string | null,
  phone: null as string | null,
  timeZone: 'Africa/Lagos',
  opensAt: '08:00',
  closesAt: '18:00',
  idleTimeoutMinutes: 10,
  defaultConsultationFee: 5000,
  logo: null,
  plan: 'clinic',
};
const priceList = { items: [], unpriced: { labTests: 0, medications: 0 } };

let api: ReturnType<typeof fakeApi>;
afterEach(() => api.restore());

function renderChecklist(contact: { phone: string | null; address: string | null }) {
  api = fakeApi({
    'GET /hospital/settings': () => answer(hospitalSettingsEndpoint, { settings: { ...settings, ...contact } }),
    'GET /billing/price-list': () => answer(priceListEndpoint, priceList),
  });
  render(withSession(signedIn(ADMIN_USER), '/admin/dashboard', <FirstHourChecklist />).ui);
  return screen.getByRole('region', { name: 'First-hour checklist' });
}

describe('the first-hour checklist', () => {
  it('asks for the hospital’s phone and address while neither is set, with a way to the settings', async () => {
    const checklist = renderChecklist({ phone: null, address: '  ' });
    expect(await within(checklist).findByText(/phone number and address are not set yet/)).toBeInTheDocument();
    expect(within(checklist).getByRole('link', { name: 'Add Phone and Address' })).toHaveAttribute(
      'href',
      '/admin/settings',
    );
    // Prices are still on the list beside them.
    expect(await within(checklist).findByText(/Every lab test and medication has a price/)).toBeInTheDocument();
  });

  it('names only what is missing, and ticks the line off once both are set', async () => {
    expect(missingContactText({ phone: '0803 123 4567', address: null })).toMatch(/^The hospital's address is not set/);
    expect(missingContactText({ phone: '', address: '3 Allen Avenue' })).toMatch(/^The hospital's phone number is not/);
    const checklist = renderChecklist({ phone: '0803 123 4567', address: '3 Allen Avenue, Ikeja' });
    expect(await within(checklist).findByText(/phone number and address are set/)).toBeInTheDocument();
    expect(within(checklist).queryByRole('link', { name: 'Add Phone and Address' })).not.toBeInTheDocument();
  });

  it("leaves the settings it read for the shell's idle time-out, which comes later and asks no second time", async () => {
    api = fakeApi({
      'GET /hospital/settings': () =>
        answer(hospitalSettingsEndpoint, { settings: { ...settings, idleTimeoutMinutes: 25 } }),
      'GET /billing/price-list': () => answer(priceListEndpoint, priceList),
    });
    const { store, ui } = withSession(signedIn(ADMIN_USER), '/admin/dashboard', <FirstHourChecklist />);
    render(ui);
    await screen.findByText(/phone number and address are not set yet/);
    expect(store.get(hospitalSettingsAtom)?.settings.idleTimeoutMinutes).toBe(25);
    // The shell's reader arrives after the checklist's answer (its code came later, on a loaded machine).
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/admin/dashboard']}>
          <HospitalInactivityTimeout />
        </MemoryRouter>
      </Provider>,
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(api.calls.filter((c) => c.path === '/hospital/settings')).toHaveLength(1);
  });
});
