import { randomUUID } from 'node:crypto';
import { pick, type Role, type Staff } from './day-staff';

/**
 * Each role's loop: the screens the browser shows that role and the calls each makes, chosen by
 * weight, with a think time after each (seconds, before scaling). Work moves along the day as in
 * a clinic: reception registers → nurses take vitals → a doctor takes the patient, records the
 * consultation with prescriptions and lab orders → the lab starts and records results → the
 * doctor reviews and marks the patient seen → reception discharges; pharmacists dispense, the
 * accountants take payments on the invoices billing raised, admins read the audit trail and reports.
 */
type Json = Record<string, unknown>;
type Action = [weight: number, run: (s: Staff) => Promise<void>];

const data = (j: Json | null) => (j?.data ?? {}) as Json;
const list = <T = Json>(j: Json | null, key: string) => ((data(j)[key] ?? []) as T[]) ?? [];
const today = () => new Date().toISOString().slice(0, 10);

let patientSeq = 0;
const phoneBase = 7_000_000 + Math.floor(Math.random() * 1_000_000);
const FIRST = ['Chinedu', 'Amaka', 'Tunde', 'Halima', 'Ifeoma', 'Musa', 'Yetunde', 'Obinna', 'Zainab', 'Segun'];
const LAST = ['Okeke', 'Adeleke', 'Bello', 'Nwachukwu', 'Lawal', 'Eze', 'Ogundipe', 'Danladi', 'Okoro', 'Ayodele'];
const COMPLAINTS = ['Fever and headache for 3 days', 'Cough for 2 weeks', 'Abdominal pain', 'Joint pains', 'Dizziness'];
const DIAGNOSES = ['Malaria', 'Upper respiratory tract infection', 'Gastritis', 'Osteoarthritis', 'Hypertension'];
const TESTS = ['FBC', 'URINE', 'BST', 'LFT', 'KFT', 'CXR', 'ECG'];

function newPatient() {
  const n = ++patientSeq;
  return {
    firstName: FIRST[n % FIRST.length],
    lastName: `${LAST[(n * 3) % LAST.length]}-${n}`,
    dateOfBirth: `19${50 + (n % 50)}-0${1 + (n % 9)}-1${n % 10}`,
    gender: n % 2 ? 'Female' : 'Male',
    phoneNumber: `+234 80${String((phoneBase + n) % 100_000_000).padStart(8, '0')}`,
    address: `${n} Awolowo Road, Ikoyi, Lagos`,
    identificationNumber: `PAT${Date.now().toString().slice(-6)}${String(n).padStart(5, '0')}`,
    emergencyContactName: 'Ngozi Okeke',
    emergencyContactRelationship: 'Sister',
    emergencyContactPhone: '',
  };
}

/** A patient from a page of the list in `status`, or nobody (the list was empty). */
async function fromList(s: Staff, status: string): Promise<{ id: string; version: number } | undefined> {
  const q = `/api/patients?page=1&limit=10&status=${encodeURIComponent(status)}`;
  return pick(list<{ id: string; version: number }>((await s.call('GET /api/patients?status', q)).json, 'patients'));
}

async function setStatus(s: Staff, p: { id: string; version: number }, status: string) {
  const a = await s.call('PATCH /api/patients/:id/status', `/api/patients/${p.id}/status`, {
    status,
    version: p.version,
  });
  s.expectPushes(a, [`patient_status_changed:${p.id}:${status}`], 'status change');
  return a;
}

const receptionist: Action[] = [
  [
    5,
    async (s) => {
      // filling in the form
      if (!(await s.pause(20, 60))) return;
      const a = await s.call('POST /api/patients', '/api/patients', newPatient());
      const id = (data(a.json).patient as Json | undefined)?.id;
      if (id) s.expectPushes(a, [`patient_created:${id}`], 'registration');
      await s.call('GET /api/patients', '/api/patients?page=1&limit=10');
    },
  ],
  [
    3,
    async (s) => {
      const q = `${pick(FIRST)} ${pick(LAST)}`.split(' ')[Math.round(Math.random())]!;
      const found = list<{ id: string }>(
        (await s.call('GET /api/patients?search', `/api/patients?page=1&limit=10&search=${encodeURIComponent(q)}`))
          .json,
        'patients',
      );
      const p = pick(found);
      if (p) await s.call('GET /api/patients/:id', `/api/patients/${p.id}`);
    },
  ],
  [
    1,
    async (s) => {
      await s.call('GET /api/patients/stats', '/api/patients/stats');
      await s.call('GET /api/patients', '/api/patients?page=1&limit=9');
    },
  ],
  [
    1,
    async (s) => {
      const p = await fromList(s, 'seen');
      if (p) await setStatus(s, p, 'discharged');
    },
  ],
];

const nurse: Action[] = [
  [
    6,
    async (s) => {
      const p = await fromList(s, 'waiting');
      if (!p) return;
      // taking the vitals
      if (!(await s.pause(30, 90))) return;
      const a = await s.call('POST /api/patients/:id/vitals', `/api/patients/${p.id}/vitals`, {
        bloodPressure: `${110 + Math.floor(Math.random() * 40)}/${70 + Math.floor(Math.random() * 20)}`,
        pulseRate: 60 + Math.floor(Math.random() * 40),
        temperature: 36 + Math.round(Math.random() * 25) / 10,
        weight: 50 + Math.floor(Math.random() * 50),
      });
      s.expectPushes(a, [`patient_vitals_updated:${p.id}`], 'vitals');
    },
  ],
  [
    3,
    async (s) => {
      const p = await fromList(s, pick(['waiting', 'consultation', 'test complete'])!);
      if (p) await s.call('GET /api/patients/:id', `/api/patients/${p.id}`);
    },
  ],
  [1, async (s) => void (await s.call('GET /api/notifications', '/api/notifications'))],
];

async function consult(s: Staff) {
  const p = await fromList(s, 'waiting');
  if (!p) return;
  // Taking the patient in: another doctor may have been quicker (409, an expected answer).
  if (!(await setStatus(s, p, 'consultation')).ok) return;
  await s.call('GET /api/patients/:id', `/api/patients/${p.id}`);
  await s.call('GET /api/consultations/patient/:id', `/api/consultations/patient/${p.id}`);
  // the consultation itself
  if (!(await s.pause(60, 180))) return;
  const tests = Math.random() < 0.4 ? [...new Set([pick(TESTS)!, pick(TESTS)!])] : [];
  const meds = Math.random() < 0.8 ? [...new Set([pick(s.day.medications)!, pick(s.day.medications)!])] : [];
  const a = await s.call('POST /api/consultations/create', '/api/consultations/create', {
    patientId: p.id,
    chiefComplaint: pick(COMPLAINTS),
    historyOfPresentIllness: 'Onset gradual, no prior treatment',
    physicalExamination: 'Alert, not pale, chest clear',
    primaryDiagnosis: pick(DIAGNOSES),
    treatmentPlan: 'As prescribed; review with results',
    doctorNotes: null,
    vitals: null,
    prescriptions: meds.map((m) => ({
      medicationName: m.name,
      dosage: '500 mg',
      frequency: 'Twice daily',
      duration: '5 days',
      instructions: 'After meals',
      quantity: 10,
    })),
    labOrders: tests.map((t) => ({ testCode: t, urgency: Math.random() < 0.1 ? 'STAT' : 'Routine' })),
    billing: { consultationFee: 5000, additionalCharges: [] },
    followUpRequired: false,
  });
  const id = (a.json?.consultation as Json | undefined)?.id;
  if (!id) return;
  const keys = [`CONSULTATION_CREATED:${id}`, `invoice_created:${id}`];
  if (meds.length) keys.push(`NEW_PRESCRIPTION:${id}`);
  if (tests.length) keys.push(`NEW_LAB_ORDER:${id}`, `patient_status_changed:${p.id}:refer for test`);
  s.expectPushes(a, keys, 'consultation');
}

const doctor: Action[] = [
  [6, consult],
  [
    3,
    async (s) => {
      const p = await fromList(s, pick(['test complete', 'consultation'])!);
      if (!p) return;
      await s.call('GET /api/consultations/patient/:id', `/api/consultations/patient/${p.id}`);
      // reading the results, explaining
      if (!(await s.pause(20, 60))) return;
      await setStatus(s, p, 'seen');
    },
  ],
  [1, async (s) => void (await s.call('GET /api/notifications', '/api/notifications'))],
];

const labTechnician: Action[] = [
  [
    6,
    async (s) => {
      const open = list<{ id: string }>(
        (await s.call('GET /api/lab/requests', '/api/lab/requests?status=pending&page=1&limit=10')).json,
        'requests',
      );
      const r = open[Math.floor(Math.random() * Math.min(3, open.length))]; // STAT first, then the oldest
      if (!r || !(await s.call('POST /api/lab/requests/:id/start', `/api/lab/requests/${r.id}/start`, {})).ok) return;
      // running the test
      if (!(await s.pause(60, 180))) return;
      const a = await s.call('POST /api/lab/requests/:id/results', `/api/lab/requests/${r.id}/results`, {
        results: { Haemoglobin: '13.2 g/dL', WBC: '6.1 x10^9/L' },
        notes: 'Within normal limits',
        conductedBy: null,
      });
      s.expectPushes(a, [`LAB_RESULTS_READY:${r.id}`], 'lab results');
    },
  ],
  [
    2,
    async (s) => {
      await s.call('GET /api/lab/stats', '/api/lab/stats?recent=1');
      await s.call('GET /api/lab/activity', '/api/lab/activity?page=1&limit=7');
    },
  ],
];

const pharmacist: Action[] = [
  [
    6,
    async (s) => {
      const queue = (
        await s.call(
          'GET /api/consultations/prescriptions/pending',
          '/api/consultations/prescriptions/pending?page=1&limit=10',
        )
      ).json?.data as { consultationId: string }[] | undefined;
      const rx = pick(queue ?? []);
      if (!rx) return;
      // picking the medicines
      if (!(await s.pause(20, 60))) return;
      const a = await s.call(
        'POST /api/consultations/prescriptions/:id/dispense',
        `/api/consultations/prescriptions/${rx.consultationId}/dispense`,
        {},
      );
      s.expectPushes(a, [`PRESCRIPTION_DISPENSED:${rx.consultationId}`], 'dispense');
    },
  ],
  [
    2,
    async (s) => {
      await s.call('GET /api/pharmacy/stats', '/api/pharmacy/stats?recent=1');
      await s.call('GET /api/pharmacy/dispensations', '/api/pharmacy/dispensations?page=1&limit=7');
    },
  ],
  [
    1,
    async (s) => {
      const meds = list<{ id: string; stockQuantity: number; reorderLevel: number }>(
        (await s.call('GET /api/inventory/medications', '/api/inventory/medications')).json,
        'medications',
      );
      const low = meds.find((m) => m.stockQuantity <= m.reorderLevel * 2);
      if (low)
        await s.call('POST /api/inventory/medications/:id/receipts', `/api/inventory/medications/${low.id}/receipts`, {
          quantity: 5000,
          reason: 'Delivery from the central store',
        });
    },
  ],
  [1, async (s) => void (await s.call('GET /api/pharmacy/reports/dispensing', '/api/pharmacy/reports/dispensing'))],
];

const accountant: Action[] = [
  [
    6,
    async (s) => {
      const unpaid = list<{ id: string }>(
        (await s.call('GET /api/billing/invoices', '/api/billing/invoices?page=1&limit=10&status=unpaid')).json,
        'invoices',
      );
      const inv = pick(unpaid);
      if (!inv) return;
      const detail = (data((await s.call('GET /api/billing/invoices/:id', `/api/billing/invoices/${inv.id}`)).json)
        .invoice ?? {}) as { balanceKobo?: number };
      if (!detail.balanceKobo) return;
      // the patient pays
      if (!(await s.pause(20, 60))) return;
      const a = await s.call(
        'POST /api/billing/invoices/:id/payments',
        `/api/billing/invoices/${inv.id}/payments`,
        { amount: (detail.balanceKobo / 100).toFixed(2), method: pick(['cash', 'pos', 'transfer']), reference: null },
        { 'idempotency-key': randomUUID() },
      );
      const paymentId = (data(a.json).payment as Json | undefined)?.id;
      if (paymentId) s.expectPushes(a, [`payment_received:${paymentId}`], 'payment');
    },
  ],
  [
    2,
    async (s) => {
      await s.call('GET /api/billing/dashboard', '/api/billing/dashboard');
      await s.call('GET /api/billing/payments', '/api/billing/payments?page=1&limit=10');
    },
  ],
  [
    1,
    async (s) => {
      await s.call('GET /api/billing/reports/revenue', `/api/billing/reports/revenue?from=${today()}&to=${today()}`);
      await s.call('GET /api/billing/activity', '/api/billing/activity?page=1&limit=10');
    },
  ],
];

const admin: Action[] = [
  [
    4,
    async (s) => {
      const trail = list<{ id: string }>(
        (await s.call('GET /api/audit/events', '/api/audit/events?limit=50')).json,
        'entries',
      );
      const e = pick(trail);
      if (e) await s.call('GET /api/audit/events/:id', `/api/audit/events/${encodeURIComponent(e.id)}`);
    },
  ],
  [
    2,
    async (s) => {
      await s.call('GET /api/patients/stats', '/api/patients/stats');
      await s.call('GET /api/users/stats', '/api/users/stats');
      await s.call('GET /api/users', '/api/users?page=1&limit=10');
    },
  ],
  [
    2,
    async (s) => {
      const p = await fromList(s, pick(['seen', 'discharged'])!);
      if (p) await s.call('GET /api/patients/:id/history', `/api/patients/${p.id}/history`);
    },
  ],
  [1, async (s) => void (await s.call('GET /api/billing/reports/revenue', '/api/billing/reports/revenue'))],
  [1, async (s) => void (await s.call('GET /api/audit/access-report', '/api/audit/access-report'))],
  [1, async (s) => void (await s.call('GET /api/lab/turnaround', '/api/lab/turnaround'))],
];

export const LOOPS: Record<Role, Action[]> = {
  receptionist,
  nurse,
  doctor,
  lab_technician: labTechnician,
  pharmacist,
  accountant,
  admin,
};

/** Screen after screen until the day ends, a think time of 5–25 s after each. */
export async function work(s: Staff): Promise<void> {
  const actions = LOOPS[s.role];
  const total = actions.reduce((a, [w]) => a + w, 0);
  // Staff do not all sit down in the same second.
  if (!(await s.pause(0, 25))) return;
  for (;;) {
    let r = Math.random() * total;
    const action = actions.find(([w]) => (r -= w) < 0) ?? actions[0]!;
    await action[1](s);
    if (!(await s.pause(5, 25))) return;
  }
}
