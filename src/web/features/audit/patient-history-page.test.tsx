import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { patientHistoryEndpoint } from '../../../shared/api/audit';
import { patientEndpoint } from '../../../shared/api/patients';
import { answer, fakeApi } from '../../lib/testing/fake-api';
import { patientRecord } from '../../lib/testing/patients';
import type { HistoryEntry } from './api/history-api';
import PatientHistoryPage from './patient-history-page';

vi.setConfig({ testTimeout: 20_000 });

let api: ReturnType<typeof fakeApi>;
let user: ReturnType<typeof userEvent.setup>;

// Typed by the patients contract: the record as GET /api/patients/:id sends it.
const record = (address: string, version: number) =>
  patientRecord({
    id: 'p-1',
    name: 'Ada Obi',
    firstName: 'Ada',
    lastName: 'Obi',
    age: 40,
    gender: 'Female',
    contact: '+234 803 000 0000',
    status: 'waiting',
    dateRegistered: '2026-11-19T09:00:00.000Z',
    identificationNumber: 'NIN123',
    diagnosis: null,
    vitals: null,
    dateOfBirth: '1986-01-02',
    phoneNumber: '+234 803 000 0000',
    address,
    emergencyContact: { name: null, relationship: null, phoneNumber: '+234 803 000 0000' },
    prescriptions: [],
    version,
    updatedAt: '2026-11-20T10:00:00.000Z',
  });

const history: HistoryEntry[] = [
  {
    id: 'e1',
    time: '2026-11-19T09:00:00.000Z',
    eventType: 'PatientRegistered',
    kind: 'write',
    action: 'Registered patient Ada Obi',
    actor: { id: 'r', name: 'Bola Ade', role: 'receptionist' },
    outcome: 'success',
    ip: null,
    offline: null,
    changes: [],
  },
  {
    id: 'e2',
    time: '2026-11-20T10:00:00.000Z',
    eventType: 'PatientDetailsEdited',
    kind: 'write',
    action: 'Edited Ada Obi: address',
    actor: { id: 'r', name: 'Bola Ade', role: 'receptionist' },
    outcome: 'success',
    ip: null,
    offline: null,
    changes: [{ field: 'address', label: 'address', from: '1 Old Road', to: '7 Marina' }],
  },
  {
    id: 'e3',
    time: '2026-11-20T11:00:00.000Z',
    eventType: 'RecordAccessed',
    kind: 'read',
    action: 'Viewed the detail of Ada Obi',
    actor: { id: 'd', name: 'Tunde Bello', role: 'doctor' },
    outcome: 'success',
    ip: null,
    offline: null,
    changes: [],
  },
];

beforeEach(() => {
  localStorage.setItem('hms.adminToken', 'admin-token');
  user = userEvent.setup({ delay: null });
});
afterEach(() => {
  api.restore();
  localStorage.clear();
});

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/admin/audit/patients/p-1']}>
      <Routes>
        <Route path="/admin/audit/patients/:patientId" element={<PatientHistoryPage />} />
      </Routes>
    </MemoryRouter>,
  );

describe('Patient history page', () => {
  it('shows the timeline by day with old → new values, and the record now', async () => {
    api = fakeApi({
      'GET /patients/p-1/history': () => answer(patientHistoryEndpoint, { entries: history }),
      'GET /patients/p-1': () => answer(patientEndpoint, record('7 Marina', 2)),
    });
    renderPage();
    expect(screen.getByText('Loading history...')).toBeInTheDocument();
    const edit = (await screen.findByText('Edited Ada Obi: address')).closest('li')!;
    expect(within(edit).getByText('1 Old Road').tagName).toBe('DEL');
    expect(within(edit).getByText('7 Marina').tagName).toBe('INS');
    expect(screen.getAllByRole('heading', { level: 3 }).length).toBeGreaterThanOrEqual(2);
    expect(await screen.findByText('7 Marina', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.queryByText(/Viewing the record as of/)).not.toBeInTheDocument();
  });

  it("re-renders the record as of a change under the banner 'Viewing the record as of …'", async () => {
    api = fakeApi({
      'GET /patients/p-1/history': () => answer(patientHistoryEndpoint, { entries: history }),
      'GET /patients/p-1': (call) =>
        answer(patientEndpoint, call.query.get('asOf') ? record('1 Old Road', 1) : record('7 Marina', 2)),
    });
    renderPage();
    const registered = (await screen.findByText('Registered patient Ada Obi')).closest('li')!;
    await user.click(within(registered).getByRole('button', { name: 'View the record as of this change' }));
    expect(await screen.findByText(/Viewing the record as of/)).toBeInTheDocument();
    expect(await screen.findByText('1 Old Road', { selector: 'dd' })).toBeInTheDocument();
    const asked = api.calls.filter((c) => c.path === '/patients/p-1' && c.query.get('asOf'));
    expect(asked.at(-1)!.query.get('asOf')).toBe('2026-11-19T09:00:00.000Z');
    await user.click(screen.getByRole('button', { name: 'Back to now' }));
    expect(await screen.findByText('7 Marina', { selector: 'dd' })).toBeInTheDocument();
  });

  it('says on which device and when an entry was recorded offline, beside when the server accepted it', async () => {
    const offline: HistoryEntry = {
      ...history[1]!,
      id: 'e4',
      offline: {
        deviceId: 'tablet-1',
        deviceTime: '2026-11-20T08:00:00.000Z',
        acceptedAt: '2026-11-20T10:00:00.000Z',
        note: 'Recorded offline on device tablet-1 at 2026-11-20T08:00:00.000Z, accepted 2026-11-20T10:00:00.000Z',
      },
    };
    api = fakeApi({
      'GET /patients/p-1/history': () => answer(patientHistoryEndpoint, { entries: [history[0]!, offline] }),
      'GET /patients/p-1': () => answer(patientEndpoint, record('7 Marina', 2)),
    });
    renderPage();
    const edit = (await screen.findByText('Edited Ada Obi: address')).closest('li')!;
    expect(within(edit).getByText(/^Recorded offline on device tablet-1 at .+, accepted .+$/)).toBeInTheDocument();
    const registered = screen.getByText('Registered patient Ada Obi').closest('li')!;
    expect(within(registered).queryByText(/Recorded offline/)).not.toBeInTheDocument();
  });

  it('says when the record has been deleted, and when the history cannot load', async () => {
    api = fakeApi({
      'GET /patients/p-1/history': () => ({ status: 403, body: { success: false, message: 'Access denied.' } }),
      'GET /patients/p-1': () => ({ status: 404, body: { success: false, message: 'Patient not found' } }),
    });
    renderPage();
    expect(await screen.findByText('This record has been deleted')).toBeInTheDocument();
    expect(await screen.findByText('Access denied.')).toBeInTheDocument();
  });
});
