import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicalApi } from '../../../test/helpers/clinical-api';
import { LiveSocket, wsBase, type LiveMessage } from '../../../test/helpers/live-socket';
import { patientsApi, startPatientsSuite, type PatientsSuite } from '../../../test/helpers/patients-api';

/** The clinical loop's messages (issue 9 through the notifier): who gets which, with the popup where §6 says. */
const ROLES = ['admin', 'doctor', 'nurse', 'receptionist', 'lab_technician', 'pharmacist'] as const;
const CLINICAL = new Set([
  'CONSULTATION_CREATED',
  'NEW_PRESCRIPTION',
  'NEW_LAB_ORDER',
  'LAB_RESULTS_READY',
  'PRESCRIPTION_DISPENSED',
]);

describe('clinical notifications over real sockets', () => {
  let s: PatientsSuite;
  const sockets = {} as Record<(typeof ROLES)[number], LiveSocket>;
  let otherDoctor: LiveSocket;
  const api = clinicalApi(() => s.t);
  const patients = patientsApi(() => s.t);

  beforeAll(async () => {
    // An app of its own: this file listens on a port.
    s = await startPatientsSuite(['doctor', 'nurse', 'pharmacist', 'receptionist', 'lab_technician'], { ownApp: true });
    await s.t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = wsBase(s.t.app);
    for (const role of ROLES) sockets[role] = await LiveSocket.connect(base, s.tokens[role], role);
    const { hireAndSignIn } = await import('../../../test/helpers/staff-api');
    otherDoctor = await LiveSocket.connect(base, (await hireAndSignIn(s.t, s.b.token, 'doctor')).token, 'B doctor');
  });
  afterAll(async () => {
    await Promise.all([...Object.values(sockets), otherDoctor].map((x) => x?.close()));
    await s?.t.close();
  });

  const clinical = (socket: LiveSocket) =>
    socket.received.filter((m) => CLINICAL.has(m.type)).map((m) => [m.type, m.data.notify]);

  it('tells the pharmacist of the prescription, the lab of the STAT order (URGENT), the doctor of results and dispensing', async () => {
    await api.stock(s.tokens.pharmacist, { name: 'Coartem', quantity: 20 });
    const patient = await patients.registered(s.tokens.receptionist);
    const consulted = await api.consult(s.tokens.doctor, {
      patientId: patient.id,
      chiefComplaint: 'Fever for three days',
      primaryDiagnosis: 'Malaria',
      prescriptions: [
        { medicationName: 'Coartem', dosage: '80/480mg', frequency: 'Twice daily', duration: '3 days', quantity: 6 },
      ],
      labOrders: [{ testName: 'Full Blood Count', urgency: 'STAT' }],
    });
    expect(consulted.statusCode, consulted.body).toBe(201);
    const consultation = consulted.json().consultation;

    const order = await sockets.lab_technician.next('NEW_LAB_ORDER');
    expect(order.data).toMatchObject({ notify: true, priority: 'urgent' });
    expect(order.data.message).toMatch(/^URGENT: New lab order for .+: Full Blood Count$/);
    const prescription = await sockets.pharmacist.next('NEW_PRESCRIPTION');
    expect(prescription.data).toMatchObject({ notify: true, priority: 'high' });
    expect(prescription.data.consultation).toMatchObject({
      id: consultation.id,
      patientName: patient.name,
      diagnosis: 'Malaria',
      dateIssued: expect.any(String),
      medications: [{ name: 'Coartem', dosage: '80/480mg', frequency: 'Twice daily', duration: '3 days', quantity: 6 }],
    });

    const labId = consultation.labOrders[0].id;
    expect((await api.call(s.tokens.lab_technician, 'POST', `/api/lab/requests/${labId}/start`)).statusCode).toBe(200);
    const results = await api.call(s.tokens.lab_technician, 'POST', `/api/lab/requests/${labId}/results`, {
      results: { Haemoglobin: '13.2 g/dL' },
    });
    expect(results.statusCode, results.body).toBe(200);
    const ready = await sockets.doctor.next('LAB_RESULTS_READY');
    expect(ready.data).toMatchObject({ notify: true, tests: ['Full Blood Count'], consultationId: consultation.id });

    expect((await api.dispense(s.tokens.pharmacist, consultation.id)).statusCode).toBe(200);
    const dispensed = await sockets.doctor.next('PRESCRIPTION_DISPENSED');
    expect(dispensed.data).toMatchObject({ notify: true, priority: 'low', complete: true });

    // Closing marker: every earlier message has been pushed once the announcement arrives.
    await api.call(s.a.token, 'POST', '/api/announcements', { message: 'end of test' });
    const end = (m: LiveMessage) => m.data.message === 'end of test';
    await Promise.all(Object.values(sockets).map((x) => x.next('hospital_announcement', end)));

    expect(clinical(sockets.doctor)).toEqual([
      ['CONSULTATION_CREATED', false],
      ['NEW_LAB_ORDER', false],
      ['NEW_PRESCRIPTION', false],
      ['LAB_RESULTS_READY', true],
      ['PRESCRIPTION_DISPENSED', true],
    ]);
    expect(clinical(sockets.pharmacist)).toEqual([
      ['NEW_PRESCRIPTION', true],
      ['PRESCRIPTION_DISPENSED', false],
    ]);
    expect(clinical(sockets.lab_technician)).toEqual([
      ['NEW_LAB_ORDER', true],
      ['LAB_RESULTS_READY', false],
    ]);
    expect(clinical(sockets.nurse)).toEqual([['CONSULTATION_CREATED', false]]);
    expect(clinical(sockets.receptionist)).toEqual([]);
    expect(otherDoctor.received.filter((m) => CLINICAL.has(m.type))).toEqual([]);
  });
});
