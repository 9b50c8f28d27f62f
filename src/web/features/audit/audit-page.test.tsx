import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  auditActorsEndpoint,
  auditEventEndpoint,
  auditReadsEndpoint,
  auditVerifyEndpoint,
} from '../../../shared/api/audit';
import { answer, deferred, fakeApi, routeOf } from '../../lib/testing/fake-api';
import AuditPage from './audit-page';
import { entry, trailPage } from './testing/fixtures';

vi.setConfig({ testTimeout: 20_000 });

let api: ReturnType<typeof fakeApi>;
let user: ReturnType<typeof userEvent.setup>;
const trailCalls = () => api.calls.filter((c) => c.path === '/audit/events');
const actors = answer(auditActorsEndpoint, { actors: [{ id: 'u-1', name: 'Tunde Bello', role: 'doctor' }] }).body;
const exportOf = (status: 'preparing' | 'ready') => ({
  success: true,
  data: {
    export: {
      id: 'r1',
      status,
      rows: status === 'ready' ? 1 : null,
      requestedAt: '2026-11-26T09:00:00.000Z',
      finishedAt: null,
    },
  },
});

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
    <MemoryRouter>
      <AuditPage />
    </MemoryRouter>,
  );

describe('Audit Logs page', () => {
  it("shows 'Loading audit trail...' and then one row per entry, with the subject linking to its history", async () => {
    const reply = deferred<{ body: unknown }>();
    api = fakeApi({ 'GET /audit/events': () => reply.promise, 'GET /audit/actors': () => ({ body: actors }) });
    renderPage();
    expect(screen.getByRole('heading', { name: 'Audit Logs' })).toBeInTheDocument();
    expect(screen.getByText('Loading audit trail...')).toBeInTheDocument();
    reply.resolve({
      body: trailPage([entry(1), entry(2, { action: 'Refused detail of Ada Obi (403)', outcome: 'denied' })]),
    });
    const table = screen.getByRole('table', { name: 'Audit trail' });
    const row = (await within(table).findByText('Viewed the detail of Ada Obi 1')).closest('tr')!;
    expect(within(row).getByText('Tunde Bello')).toBeInTheDocument();
    expect(within(row).getByText('Doctor')).toBeInTheDocument();
    expect(within(row).getByText('10.0.0.7')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'patient p-1' })).toHaveAttribute('href', '/admin/audit/patients/p-1');
    expect(trailCalls()[0]!.query.get('limit')).toBe('50');
    // It opens on the changes.
    expect(trailCalls()[0]!.query.get('kind')).toBe('changes');
    expect(trailCalls()[0]!.auth).toBe('Bearer admin-token');
  });

  it("shows 'No audit entries found' when the filters match nothing, asking with the filters", async () => {
    api = fakeApi({
      'GET /audit/events': (call) => ({ body: trailPage(call.query.get('q') ? [] : [entry(1)]) }),
      'GET /audit/actors': () => ({ body: actors }),
    });
    renderPage();
    await screen.findByText('Viewed the detail of Ada Obi 1');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'zzz');
    expect(await screen.findByText('No audit entries found', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(trailCalls().at(-1)!.query.get('q')).toBe('zzz');
    expect(trailCalls().at(-1)!.query.has('cursor')).toBe(false);
  });

  it('loads the next page with the cursor and keeps the rows already shown', async () => {
    api = fakeApi({
      'GET /audit/events': (call) => ({
        body: call.query.get('cursor') === 'c2' ? trailPage([entry(3)]) : trailPage([entry(1), entry(2)], 'c2'),
      }),
      'GET /audit/actors': () => ({ body: actors }),
    });
    renderPage();
    await screen.findByText('Viewed the detail of Ada Obi 2');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Viewed the detail of Ada Obi 3')).toBeInTheDocument();
    expect(screen.getByText('Viewed the detail of Ada Obi 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows the error with a way to try again', async () => {
    let fail = true;
    api = fakeApi({
      'GET /audit/events': () =>
        fail
          ? { status: 500, body: { success: false, message: 'Internal server error. Please try again later.' } }
          : { body: trailPage([entry(1)]) },
      'GET /audit/actors': () => ({ body: actors }),
    });
    renderPage();
    expect(await screen.findByText('Internal server error. Please try again later.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Viewed the detail of Ada Obi 1')).toBeInTheDocument();
  });

  it('verifies integrity and names the first broken entry', async () => {
    let ok = true;
    api = fakeApi({
      'GET /audit/events': () => ({ body: trailPage([entry(1)]) }),
      'GET /audit/actors': () => ({ body: actors }),
      'GET /audit/verify': () =>
        answer(
          auditVerifyEndpoint,
          ok
            ? {
                ok: true,
                checked: 1234,
                headHash: 'ab'.repeat(32),
                since: '2025-11-12T09:00:00.000Z',
                reads: { sealed: 1204, pending: 12 },
                anchored: {
                  checkpoints: 2,
                  last: { seq: 1200, hash: 'cd'.repeat(32), at: '2025-11-20T08:41:00.000Z' },
                },
              }
            : {
                ok: false,
                checked: 41,
                headHash: null,
                broken: {
                  seq: 42,
                  eventId: 'e',
                  eventType: 'PatientRegistered',
                  time: '2026-11-20T10:00:00.000Z',
                  action: 'x',
                  reason: 'changed',
                },
              },
        ),
    });
    renderPage();
    await screen.findByText('Viewed the detail of Ada Obi 1');
    await user.click(screen.getByRole('button', { name: 'Verify integrity' }));
    // In words; the hashes under Details.
    expect(
      await screen.findByText(
        /^All 1,234 entries since 12 Nov 2025 are intact; last signed checkpoint \d\d:41 on 20 Nov 2025\.$/,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        '1,204 record reads sealed and intact; 12 waiting for their seal (sealed within about ten seconds).',
      ),
    ).toBeInTheDocument();
    const details = screen.getByText('Details', { selector: 'summary' }).closest('details')!;
    expect(details).not.toHaveAttribute('open');
    expect(details).toHaveTextContent('ab'.repeat(32));
    ok = false;
    await user.click(screen.getByRole('button', { name: 'Verify integrity' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Integrity check failed at entry #42 (PatientRegistered',
    );
  });

  it('names the seal of record reads the access log no longer matches', async () => {
    api = fakeApi({
      'GET /audit/events': () => ({ body: trailPage([entry(1)]) }),
      'GET /audit/actors': () => ({ body: actors }),
      'GET /audit/verify': () =>
        answer(auditVerifyEndpoint, {
          ok: false,
          checked: 417,
          headHash: 'cd'.repeat(32),
          since: '2025-11-12T09:00:00.000Z',
          reads: { sealed: 1200, pending: 0 },
          broken: {
            seq: 390,
            eventId: 'e',
            eventType: 'ReadsSealed',
            time: '2025-11-20T08:41:00.000Z',
            action: 'Sealed 4 reads of the access log',
            reason: 'reads',
            seal: { count: 4, found: 3 },
          },
        }),
    });
    renderPage();
    await screen.findByText('Viewed the detail of Ada Obi 1');
    await user.click(screen.getByRole('button', { name: 'Verify integrity' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      /^The seal of record reads at entry #390 \(made \d\d:41 on 20 Nov 2025\) no longer matches the access log: it covers 4 record reads, but the access log now holds 3 in its range: reads were deleted after they were sealed\. All 417 entries of the trail are intact, as are the 1,200 record reads sealed before it\./,
    );
    expect(alert).not.toHaveTextContent('Integrity check failed at entry');
  });

  it('names the signed checkpoint a re-sealed trail no longer matches', async () => {
    api = fakeApi({
      'GET /audit/events': () => ({ body: trailPage([entry(1)]) }),
      'GET /audit/actors': () => ({ body: actors }),
      'GET /audit/verify': () =>
        answer(auditVerifyEndpoint, {
          ok: false,
          checked: 40,
          headHash: 'cd'.repeat(32),
          checkpoint: {
            line: 3,
            seq: 41,
            hash: 'ab'.repeat(32),
            at: '2026-11-20T10:00:00.000Z',
            reason: 'changed',
            found: 'ef'.repeat(32),
          },
          anchored: { checkpoints: 3, last: { seq: 41, hash: 'ab'.repeat(32), at: '2026-11-20T10:00:00.000Z' } },
        }),
    });
    renderPage();
    await screen.findByText('Viewed the detail of Ada Obi 1');
    await user.click(screen.getByRole('button', { name: 'Verify integrity' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The signed checkpoint of 2026-11-20T10:00:00.000Z (line 3, entry #41) no longer matches the stored events: the trail was rewritten.',
    );
  });

  it("opens an entry's full data in a side panel", async () => {
    api = fakeApi({
      'GET /audit/events': () => ({ body: trailPage([entry(1)]) }),
      'GET /audit/actors': () => ({ body: actors }),
      [routeOf(auditEventEndpoint, { id: entry(1).id })]: () =>
        answer(auditEventEndpoint, {
          ...entry(1),
          stream: 'access-h-u-2026-11-20',
          revision: 0,
          correlationId: 'req-1',
          causationId: 'req-1',
          chain: { seq: 7, hash: 'f'.repeat(64) },
          data: { subjectId: 'p-1', what: 'detail', purpose: 'Follow-up' },
        }),
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'View details of: Viewed the detail of Ada Obi 1' }));
    const panel = await screen.findByRole('dialog', { name: 'Audit entry' });
    expect(await within(panel).findByText(/"purpose": "Follow-up"/)).toBeInTheDocument();
    expect(within(panel).getByText('req-1')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says a read of the access log is sealed there, with no stream of its own', async () => {
    api = fakeApi({
      'GET /audit/events': () => ({ body: trailPage([entry(1)]) }),
      'GET /audit/actors': () => ({ body: actors }),
      [routeOf(auditEventEndpoint, { id: entry(1).id })]: () =>
        answer(auditEventEndpoint, {
          ...entry(1),
          stream: null,
          revision: null,
          correlationId: 'req-1',
          causationId: 'req-1',
          chain: null,
          accessLog: true,
          data: { subjectId: 'p-1', what: 'detail' },
        }),
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'View details of: Viewed the detail of Ada Obi 1' }));
    const panel = await screen.findByRole('dialog', { name: 'Audit entry' });
    expect(
      await within(panel).findByText("The access log, sealed into the hospital's chain within about ten seconds"),
    ).toBeInTheDocument();
    expect(within(panel).queryByText('Stream')).not.toBeInTheDocument();
  });

  it('downloads the filtered trail and the access report as CSV files', async () => {
    const created = vi.fn((_blob: Blob) => 'blob:audit');
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = created;
    URL.revokeObjectURL = vi.fn();
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    api = fakeApi({
      'GET /audit/events': () => ({ body: trailPage([entry(1)]) }),
      'GET /audit/actors': () => ({ body: actors }),
      'GET /audit/events.csv': () => ({ body: 'time,actor_id' }),
      'POST /audit/access-report/exports': () => ({ status: 202, body: exportOf('preparing') }),
      'GET /audit/access-report/exports/r1': () => ({ body: exportOf('ready') }),
      'GET /audit/access-report/exports/r1/csv': () => ({ body: 'actor_id,patient_id' }),
    });
    renderPage();
    await screen.findByText('Viewed the detail of Ada Obi 1');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ada');
    await waitFor(() => expect(trailCalls().at(-1)!.query.get('q')).toBe('ada'));
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    expect(api.calls.find((c) => c.path === '/audit/events.csv')!.query.get('q')).toBe('ada');
    await user.click(screen.getByRole('button', { name: 'Access report (CSV)' }));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(2), { timeout: 5_000 });
    // Asked for, followed until the server had it ready, then downloaded.
    expect(api.calls.map((c) => `${c.method} ${c.path}`).filter((c) => c.includes('access-report'))).toEqual([
      'POST /audit/access-report/exports',
      'GET /audit/access-report/exports/r1',
      'GET /audit/access-report/exports/r1/csv',
    ]);
    expect(created).toHaveBeenCalledTimes(2);
    clicked.mockRestore();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  });

  it('says the access report is being prepared, and shows why when the server could not prepare it', async () => {
    const ready = deferred<{ body: unknown }>();
    api = fakeApi({
      'GET /audit/events': () => ({ body: trailPage([entry(1)]) }),
      'GET /audit/actors': () => ({ body: actors }),
      'POST /audit/access-report/exports': () => ({ status: 202, body: exportOf('preparing') }),
      'GET /audit/access-report/exports/r1': () => ready.promise,
    });
    renderPage();
    await screen.findByText('Viewed the detail of Ada Obi 1');
    await user.click(screen.getByRole('button', { name: 'Access report (CSV)' }));
    expect(await screen.findByRole('button', { name: 'Preparing report...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    ready.resolve({
      body: { success: true, data: { export: { ...exportOf('ready').data.export, status: 'failed' } } },
    });
    expect(
      await screen.findByText('Could not prepare the access report. Please try again.', {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Access report (CSV)' })).toBeEnabled();
    expect(api.calls.some((c) => c.path.endsWith('/csv'))).toBe(false);
  });
});

describe('Audit Logs: the reads, grouped', () => {
  it('shows one row per person and screen on the Reads tab, and keeps the CSV whole', async () => {
    api = fakeApi({
      'GET /audit/events': () => ({ body: trailPage([entry(1)]) }),
      'GET /audit/actors': () => ({ body: actors }),
      [routeOf(auditReadsEndpoint)]: () =>
        answer(auditReadsEndpoint, {
          groups: [
            {
              actor: { id: 'u-1', name: 'Tunde Bello', role: 'doctor' },
              subjectType: 'patient',
              what: 'list',
              list: true,
              times: 6,
              patients: 14,
              firstAt: '2026-11-27T08:33:00.000Z',
              lastAt: '2026-11-27T08:41:00.000Z',
              summary: 'Viewed the patient list 6 times, 14 patients',
            },
          ],
          nextCursor: null,
        }),
    });
    renderPage();
    await screen.findByText('Viewed the detail of Ada Obi 1');
    expect(api.calls.some((c) => c.path === '/audit/reads')).toBe(false);
    await user.click(screen.getByRole('tab', { name: 'Reads (grouped)' }));
    const table = await screen.findByRole('table', { name: 'Reads, grouped' });
    const row = (await within(table).findByText('Viewed the patient list 6 times, 14 patients')).closest('tr')!;
    expect(within(row).getByText('Tunde Bello')).toBeInTheDocument();
    expect(row.textContent).toMatch(/\d\d:33–\d\d:41/);
  });
});
