import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  billingPatientsEndpoint,
  claimsEndpoint,
  createHmoEndpoint,
  enrollEndpoint,
  enrollmentEndpoint,
  hmosEndpoint,
  settleClaimEndpoint,
  submitClaimEndpoint,
} from '../../../shared/api/billing';
import type { DataOf } from '../../../shared/api/endpoint';
import { answer, fakeApi, routeOf, type FakeHandler, type RecordedCall } from '../../lib/testing/fake-api';
import HmoProviderPage from './hmo-provider-page';

vi.setConfig({ testTimeout: 20_000 });

const hyg = {
  id: 'h-1',
  name: 'Hygeia',
  code: 'HYG',
  contact: 'claims@hygeia.ng',
  coverage: { consultation: 80, medication: 50, lab: 100 },
  active: true,
  enrollees: 2,
  updatedAt: '2026-05-01T00:00:00.000Z',
};
const claim = {
  id: 'c-1',
  claimNumber: 'CLM-000001',
  hmoId: 'h-1',
  hmoName: 'Hygeia',
  month: '2026-05',
  items: [
    {
      invoiceId: 'inv-1',
      invoiceNumber: 'INV-AAAA1111',
      patientId: 'p-1',
      patientName: 'Ada Obi',
      enrolleeNumber: 'HYG/1',
      invoiceDate: '2026-05-03',
      amountKobo: 400_000,
      paidKobo: null,
      rejectedKobo: null,
      reason: null,
    },
  ],
  totalKobo: 400_000,
  paidKobo: 0,
  rejectedKobo: 0,
  status: 'submitted',
  submittedAt: '2026-06-01T09:00:00.000Z',
  submittedBy: 'Bola Ade',
  settledAt: null,
};

let api: ReturnType<typeof fakeApi>;
function renderPage(routes: Record<string, FakeHandler>) {
  api = fakeApi(routes);
  return render(
    <Provider store={createStore()}>
      <MemoryRouter>
        <HmoProviderPage />
      </MemoryRouter>
    </Provider>,
  );
}
afterEach(() => api.restore());

describe('HMO providers page', () => {
  it("lists providers, adds one with its cover, and shows the server's refusal in the dialog", async () => {
    let hmos = [hyg];
    const posted: RecordedCall[] = [];
    renderPage({
      [routeOf(hmosEndpoint)]: () => answer(hmosEndpoint, { hmos }),
      [routeOf(claimsEndpoint)]: () => answer(claimsEndpoint, { claims: [] }),
      'POST /billing/hmos': (call) => {
        posted.push(call);
        if (posted.length === 1) {
          return {
            status: 409,
            body: { success: false, message: 'An HMO with code AXA already exists', errors: [] },
          };
        }
        const hmo = { ...hyg, id: 'h-2', name: 'AXA Mansard', code: 'AXA', enrollees: 0 };
        hmos = [...hmos, hmo];
        return { status: 201, ...answer(createHmoEndpoint, { hmo }) };
      },
    });
    // While the HMOs load, the claim's HMO picker waits, disabled, instead of opening an empty list.
    expect(screen.getAllByText('Loading HMOs...')).toHaveLength(2);
    const claimHmo = () => within(screen.getByRole('region', { name: 'Claims' })).getByRole('button', { name: /HMO/ });
    expect(claimHmo()).toBeDisabled();
    const table = await screen.findByRole('table', { name: 'HMO providers' });
    expect(claimHmo()).toBeEnabled();
    expect(within(table).getByText('80% / 50% / 100%')).toBeInTheDocument();
    expect(screen.getByText('No claims yet')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add HMO' }));
    const dialog = screen.getByRole('dialog', { name: 'Add HMO' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save HMO' }));
    expect(within(dialog).getByText('HMO name is required')).toBeInTheDocument();
    expect(posted).toHaveLength(0);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'AXA Mansard');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Code/ }), 'AXA');
    const lab = within(dialog).getByRole('textbox', { name: 'Lab cover (%)' });
    await userEvent.clear(lab);
    await userEvent.type(lab, '12.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save HMO' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('An HMO with code AXA already exists');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save HMO' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted[1]!.body).toEqual({
      name: 'AXA Mansard',
      code: 'AXA',
      contact: null,
      coverage: { consultation: '0', medication: '0', lab: '12.5' },
      active: true,
    });
    expect(posted[1]!.headers['content-type']).toMatch(/^application\/json/);
    expect(await within(table).findByText('AXA Mansard')).toBeInTheDocument();
  });

  it('finds a patient and enrolls them with an HMO and enrollee number', async () => {
    let enrollment: DataOf<typeof enrollmentEndpoint>['enrollment'] = null;
    const puts: RecordedCall[] = [];
    renderPage({
      [routeOf(hmosEndpoint)]: () => answer(hmosEndpoint, { hmos: [hyg] }),
      [routeOf(claimsEndpoint)]: () => answer(claimsEndpoint, { claims: [] }),
      [routeOf(billingPatientsEndpoint)]: () =>
        answer(billingPatientsEndpoint, {
          patients: [
            { id: 'p-1', name: 'Ada Obi', hospitalNumber: 'PAT-77', phone: '0806 000 0001', dateOfBirth: '1990-04-02' },
          ],
        }),
      'GET /billing/patients/p-1/hmo': () => answer(enrollmentEndpoint, { enrollment }),
      'PUT /billing/patients/p-1/hmo': (call) => {
        puts.push(call);
        enrollment = { patientId: 'p-1', patientName: 'Ada Obi', enrolleeNumber: 'HYG/77', enrolledAt: '', hmo: hyg };
        return answer(enrollEndpoint, { enrollment });
      },
    });
    await screen.findByRole('table', { name: 'HMO providers' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Find patient' }), 'Ada{Enter}');
    const hit = await screen.findByRole('button', { name: /Ada Obi/ });
    expect(hit).toHaveTextContent('Ada Obi · PAT-77 · 0806 000 0001 · born');
    await userEvent.click(hit);
    const group = await screen.findByRole('group', { name: 'Enrollment of Ada Obi' });
    expect(await within(group).findByText(/Not enrolled with an HMO/)).toBeInTheDocument();
    await userEvent.click(within(group).getByRole('button', { name: 'Enroll' }));
    expect(within(group).getByRole('alert')).toHaveTextContent('Choose an HMO and enter the enrollee number');
    await userEvent.click(within(group).getByRole('button', { name: /HMO/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Hygeia (HYG)' }));
    await userEvent.type(within(group).getByRole('textbox', { name: 'Enrollee number' }), 'HYG/77');
    await userEvent.click(within(group).getByRole('button', { name: 'Enroll' }));
    expect(await within(group).findByText(/Hygeia, enrollee HYG\/77/)).toBeInTheDocument();
    expect(puts[0]!.body).toEqual({ hmoId: 'h-1', enrolleeNumber: 'HYG/77' });
  });

  it('submits a month claim and settles it with a rejected item and its reason', async () => {
    let claims: (typeof claim)[] = [];
    const calls: RecordedCall[] = [];
    renderPage({
      [routeOf(hmosEndpoint)]: () => answer(hmosEndpoint, { hmos: [hyg] }),
      [routeOf(claimsEndpoint)]: () => answer(claimsEndpoint, { claims }),
      'POST /billing/claims': (call) => {
        calls.push(call);
        claims = [claim];
        return { status: 201, ...answer(submitClaimEndpoint, { claim }) };
      },
      'POST /billing/claims/c-1/settle': (call) => {
        calls.push(call);
        const settled = { ...claim, status: 'rejected', rejectedKobo: 400_000 };
        claims = [settled];
        return answer(settleClaimEndpoint, { claim: settled });
      },
    });
    await screen.findByText('No claims yet');
    const panel = screen.getByRole('region', { name: 'Claims' });
    await userEvent.click(within(panel).getByRole('button', { name: /HMO/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Hygeia' }));
    const month = screen.getByRole('textbox', { name: 'Month (YYYY-MM)' });
    await userEvent.clear(month);
    await userEvent.type(month, '2026-05');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Claim' }));
    expect(await screen.findByText('Claim for 2026-05 submitted')).toBeInTheDocument();
    expect(calls[0]!.body).toEqual({ hmoId: 'h-1', month: '2026-05' });
    const claimsTable = await screen.findByRole('table', { name: 'Claims' });
    expect(await within(claimsTable).findByText('CLM-000001')).toBeInTheDocument();
    await userEvent.type(
      within(claimsTable).getByRole('textbox', { name: 'Rejection reason for INV-AAAA1111' }),
      'Not covered',
    );
    await userEvent.click(within(claimsTable).getByRole('button', { name: 'Settle (1 rejected)' }));
    expect(await screen.findByText('CLM-000001 settled')).toBeInTheDocument();
    expect(calls[1]!.body).toEqual({ items: [{ invoiceId: 'inv-1', paid: '0', reason: 'Not covered' }] });
    expect(await within(claimsTable).findByText('Rejected')).toBeInTheDocument();
  });

  it('says the HMOs could not be loaded in the claim picker instead of opening it empty, and recovers on Try again', async () => {
    let failing = true;
    renderPage({
      [routeOf(hmosEndpoint)]: () =>
        failing
          ? { status: 503, body: { success: false, message: 'The database is not available right now.' } }
          : answer(hmosEndpoint, { hmos: [hyg] }),
      [routeOf(claimsEndpoint)]: () => answer(claimsEndpoint, { claims: [] }),
    });
    const claimHmo = () => within(screen.getByRole('region', { name: 'Claims' })).getByRole('button', { name: /HMO/ });
    await waitFor(() => expect(claimHmo()).toHaveTextContent('HMOs could not be loaded'));
    expect(claimHmo()).toBeDisabled();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('table', { name: 'HMO providers' });
    await waitFor(() => expect(claimHmo()).toBeEnabled());
    await userEvent.click(claimHmo());
    expect(await screen.findByRole('option', { name: 'Hygeia' })).toBeInTheDocument();
  });
});
