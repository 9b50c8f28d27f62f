import { render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { describe, expect, it } from 'vitest';
import { sessionAtom } from '../../lib/session';
import { setHospitalZone } from '../../lib/testing/hospital-zone';
import { LastVitals, PatientSummary } from './components/patient-details';
import { chiomaDetail, receptionist, vitals } from './testing/patients-fixtures';

function renderIn(timeZone: string | null, ui: React.ReactNode) {
  const store = createStore();
  store.set(sessionAtom, { status: 'signed-in', kind: 'user', token: 't', user: receptionist });
  if (timeZone) setHospitalZone(store, receptionist.id, timeZone);
  render(<Provider store={store}>{ui}</Provider>);
}

// Registered at 03:00 UTC on 20 Nov: the 20th in Lagos, still the 19th in New York.
const patient = { ...chiomaDetail, dateRegistered: '2026-11-20T03:00:00.000Z' } as Parameters<
  typeof PatientSummary
>[0]['patient'];

describe("a patient's dates in the hospital's time zone", () => {
  it("shows the registration day on the hospital's calendar, and the birth date as it is", () => {
    renderIn('America/New_York', <PatientSummary patient={patient} />);
    expect(screen.getByText('19 Nov 2026')).toBeInTheDocument();
    expect(screen.getByText('2 Apr 1992')).toBeInTheDocument();
  });

  it('shows the Lagos day when the hospital keeps the default zone', () => {
    renderIn(null, <PatientSummary patient={patient} />);
    expect(screen.getByText('20 Nov 2026')).toBeInTheDocument();
    expect(screen.getByText('2 Apr 1992')).toBeInTheDocument();
  });

  it("dates the last vitals on the hospital's day", () => {
    renderIn('Pacific/Kiritimati', <LastVitals vitals={{ ...vitals, recordedAt: '2026-11-21T20:00:00.000Z' }} />);
    expect(screen.getByText(/Recorded 22 Nov 2026/)).toBeInTheDocument();
  });
});
