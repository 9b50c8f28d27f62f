import { data, fromList, list, openPatient, pick, setStatus, type Action, type Json, type Staff } from './day-staff';

/** The ward's loops: reception, nurses, doctors (see day-roles.ts). */
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

export const receptionist: Action[] = [
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
    4,
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
];

export const nurse: Action[] = [
  [
    1,
    async (s) => {
      // Receptionists may not change a status (admin, doctor, nurse): the nurse sees the patient out.
      const seen = await fromList(s, 'seen');
      const p = seen && (await openPatient(s, seen.id));
      if (p) await setStatus(s, p, 'discharged');
    },
  ],
  [
    6,
    async (s) => {
      const p = await fromList(s, 'waiting');
      if (!p) return;
      // taking the vitals
      if (!(await s.pause(30, 90))) return;
      const vitals = {
        bloodPressure: `${110 + Math.floor(Math.random() * 40)}/${70 + Math.floor(Math.random() * 20)}`,
        pulseRate: 60 + Math.floor(Math.random() * 40),
        temperature: 36 + Math.round(Math.random() * 25) / 10,
        weight: 50 + Math.floor(Math.random() * 50),
      };
      await s.call(
        'POST /api/patients/:id/vitals',
        `/api/patients/${p.id}/vitals`,
        vitals,
        {},
        {
          keys: [`patient_vitals_updated:${p.id}`],
          via: 'vitals',
        },
      );
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
  const listed = await fromList(s, 'waiting');
  const p = listed && (await openPatient(s, listed.id));
  if (!p) return;
  // Taking the patient in: another doctor may have been quicker (409, an expected answer).
  const taken = await setStatus(s, p, 'consultation');
  if (!taken.ok) return;
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
  // Without tests the doctor sees the patient out; with tests the patient comes back with results.
  if (tests.length || !(await s.pause(10, 30))) return;
  const version = (data(taken.json).patient as { version: number }).version;
  await setStatus(s, { id: p.id, version }, 'seen');
}

export const doctor: Action[] = [
  [6, consult],
  [
    3,
    async (s) => {
      const listed = await fromList(s, 'test complete');
      const p = listed && (await openPatient(s, listed.id));
      if (!p) return;
      await s.call('GET /api/consultations/patient/:id', `/api/consultations/patient/${p.id}`);
      // reading the results, explaining
      if (!(await s.pause(20, 60))) return;
      await setStatus(s, p, 'seen');
    },
  ],
  [1, async (s) => void (await s.call('GET /api/notifications', '/api/notifications'))],
];
