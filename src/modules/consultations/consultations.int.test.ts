import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicalApi } from '../../../test/helpers/clinical-api';
import { patientsApi, startPatientsSuite, type PatientsSuite } from '../../../test/helpers/patients-api';
import { hireAndSignIn } from '../../../test/helpers/staff-api';

const consultation = (patientId: string, extra: Record<string, unknown> = {}) => ({
  patientId,
  chiefComplaint: 'Fever for three days',
  primaryDiagnosis: 'Malaria',
  vitals: { bloodPressure: '120/80', pulseRate: 88, temperature: 38.5, weight: 70 },
  prescriptions: [],
  labOrders: [],
  ...extra,
});
const med = (medicationName: string, quantity?: number) => ({
  medicationName,
  dosage: '500mg',
  frequency: 'Twice daily',
  duration: '5 days',
  instructions: 'After meals',
  ...(quantity === undefined ? {} : { quantity }),
});

describe('consultations and dispensing', () => {
  let s: PatientsSuite;
  let otherDoctor: string;
  const api = clinicalApi(() => s.t);
  const patients = patientsApi(() => s.t);

  beforeAll(async () => {
    s = await startPatientsSuite(['doctor', 'nurse', 'pharmacist', 'receptionist', 'lab_technician']);
    otherDoctor = (await hireAndSignIn(s.t, s.b.token, 'doctor')).token;
  });
  afterAll(async () => s?.t.close());

  const patient = () => patients.registered(s.tokens.receptionist);
  const statusOf = async (id: string) => (await patients.get(s.tokens.doctor, id)).json().data.status;

  it('records a consultation in one commit with its prescription and lab orders, fee defaulting to 5000', async () => {
    const p = await patient();
    const res = await api.consult(
      s.tokens.doctor,
      consultation(p.id, {
        prescriptions: [med('Coartem')],
        labOrders: [{ testName: 'Full Blood Count', urgency: 'STAT' }],
        billing: { additionalCharges: [{ description: 'Injection', amount: '1500.50' }], totalAmount: 1 },
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: 'Consultation saved successfully!' });
    expect(body.consultation).toMatchObject({
      patientId: p.id,
      chiefComplaint: 'Fever for three days',
      prescriptions: [{ medicationName: 'Coartem', quantity: 1, dispensed: false }],
      labOrders: [{ testName: 'Full Blood Count', testCode: 'FBC', urgency: 'STAT', status: 'pending' }],
      billing: { consultationFee: 5000, totalAmount: 6500.5, currency: 'NGN' },
      vitals: { bloodPressure: '120/80', temperature: 38.5, height: null },
    });
    const events = await s.t.platform.store.readStream(`consultation-${body.consultation.id}`);
    expect(events.map((e) => e.type)).toEqual(['ConsultationRecorded', 'PrescriptionIssued']);
    expect(events[0]!.data).toMatchObject({ billing: { consultationFeeKobo: 500_000, totalAmountKobo: 650_050 } });
    const lab = await s.t.platform.store.readStream(`lab-request-${body.consultation.labOrders[0].id}`);
    // Same commit: the same global transaction.
    expect(lab[0]!.globalPosition[0]).toBe(events[0]!.globalPosition[0]);
    expect(lab[0]!.data).toMatchObject({
      patientName: p.name,
      orderedBy: { name: expect.any(String) },
      urgency: 'STAT',
    });
    expect(await statusOf(p.id)).toBe('refer for test');
    // The patient's new status is part of that commit too: nothing follows it for the doctor to wait for.
    const patientEvents = await s.t.platform.store.readStream(`patient-${p.id}`);
    const status = patientEvents.find((e) => e.type === 'PatientStatusChanged');
    expect(status?.globalPosition[0]).toBe(events[0]!.globalPosition[0]);
  });

  it("moves a patient without lab orders to 'consultation'", async () => {
    const p = await patient();
    expect((await api.consult(s.tokens.doctor, consultation(p.id))).statusCode).toBe(201);
    expect(await statusOf(p.id)).toBe('consultation');
  });

  it("makes the consultation's vitals the patient's last vitals, with the temperature's unit", async () => {
    const p = await patient();
    const res = await api.consult(
      s.tokens.doctor,
      consultation(p.id, { vitals: { bloodPressure: '118/76', pulseRate: '92', temperature: 101.3, weight: '' } }),
    );
    expect(res.statusCode).toBe(201);
    const taken = { bloodPressure: '118/76', pulseRate: 92, temperature: 101.3, temperatureUnit: 'F', weight: null };
    expect(res.json().consultation.vitals).toMatchObject(taken);
    const last = (await patients.get(s.tokens.nurse, p.id)).json().data.vitals;
    expect(last).toMatchObject({ ...taken, recordedBy: { id: expect.any(String) } });
    const stream = await s.t.platform.store.readStream(`patient-${p.id}`);
    const recorded = stream.find((e) => e.type === 'VitalsRecorded');
    expect(recorded?.metadata.actor.role).toBe('doctor');
    // The status and the vitals are one commit of the patient's stream, not two.
    const status = stream.find((e) => e.type === 'PatientStatusChanged');
    expect(status?.globalPosition[0]).toBe(recorded?.globalPosition[0]);

    // Nothing taken (the form sends nulls): no vitals on the consultation, none recorded for the patient.
    const q = await patient();
    const none = await api.consult(
      s.tokens.doctor,
      consultation(q.id, { vitals: { bloodPressure: null, pulseRate: null, temperature: null, weight: null } }),
    );
    expect(none.json().consultation.vitals).toBeNull();
    expect((await patients.get(s.tokens.nurse, q.id)).json().data.vitals).toBeNull();
    // Or no vitals field at all.
    const { vitals: _omitted, ...without } = consultation(q.id);
    expect((await api.consult(s.tokens.doctor, without)).json().consultation.vitals).toBeNull();
  });

  it('answers each validation rule with its message', async () => {
    const p = await patient();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ chiefComplaint: '  ' }, 'chiefComplaint', 'Chief complaint is required'],
      [{ primaryDiagnosis: undefined }, 'primaryDiagnosis', 'Primary diagnosis is required'],
      [
        { prescriptions: [{ ...med('Coartem'), dosage: '' }] },
        'prescriptions.0.dosage',
        'Please fill all medication fields',
      ],
      [
        { prescriptions: [{ ...med('Coartem'), duration: undefined }] },
        'prescriptions.0.duration',
        'Please fill all medication fields',
      ],
      [
        { labOrders: [{ testName: 'Full Blood Count', urgency: 'Soon' }] },
        'labOrders.0.urgency',
        'Urgency must be one of: Routine, Urgent, STAT',
      ],
      [{ labOrders: [{ testName: 'Tarot Reading' }] }, 'labOrders.0', 'Unknown lab test: Tarot Reading'],
      [{ labOrders: [{ testName: 'ECG' }, { testCode: 'ECG' }] }, 'labOrders.1', 'A lab test can be added only once'],
      [{ billing: { consultationFee: 'abc' } }, 'billing.consultationFee', 'Consultation fee must be a number'],
      [{ billing: { consultationFee: [5000] } }, 'billing.consultationFee', 'Consultation fee must be a number'],
      // Only a number or a form field's digits is a quantity: not true, [2] or hexadecimal text.
      ...[true, [2], '0x10'].map((quantity): [Record<string, unknown>, string, string] => [
        { prescriptions: [{ ...med('Coartem'), quantity }] },
        'prescriptions.0.quantity',
        'Quantity must be a whole number of at least 1',
      ]),
      // Vitals follow the patients module's rules, with the messages a nurse gets.
      [
        { vitals: { pulseRate: 720, temperature: null } },
        'vitals.pulseRate',
        'Pulse rate must be between 20 and 250 beats per minute',
      ],
      [
        { vitals: { bloodPressure: '80/120' } },
        'vitals.bloodPressure',
        'Systolic pressure must be higher than diastolic pressure',
      ],
      [
        { vitals: { temperature: 370 } },
        'vitals.temperature',
        'Temperature must be between 30 and 45 °C or between 86 and 113 °F',
      ],
      [{ followUpRequired: true, followUpDate: '2001-01-01' }, 'followUpDate', 'Follow-up date cannot be in the past'],
      [{ followUpDate: '2030-02-30' }, 'followUpDate', 'Please enter a valid follow-up date'],
    ];
    for (const [extra, field, message] of cases) {
      const res = await api.consult(s.tokens.doctor, consultation(p.id, extra));
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
      expect(res.json().errors[0]).toMatchObject({ field, message });
    }
  });

  it('is for doctors only, and 404 for another hospital’s patient', async () => {
    const p = await patient();
    for (const role of ['nurse', 'pharmacist', 'admin'] as const) {
      const res = await api.consult(s.tokens[role], consultation(p.id));
      expect(res.statusCode).toBe(403);
      expect((await api.call(s.tokens[role], 'GET', `/api/consultations/patient/${p.id}`)).statusCode).toBe(403);
    }
    const cross = await api.consult(otherDoctor, consultation(p.id));
    expect(cross.statusCode).toBe(404);
    expect(cross.json().message).toBe('Patient not found');
    expect((await api.call(otherDoctor, 'GET', `/api/consultations/patient/${p.id}`)).statusCode).toBe(404);
  });

  it("lists a patient's consultations newest first", async () => {
    const p = await patient();
    await api.consult(s.tokens.doctor, consultation(p.id, { chiefComplaint: 'first' }));
    await api.consult(s.tokens.doctor, consultation(p.id, { chiefComplaint: 'second' }));
    const res = await api.call(s.tokens.doctor, 'GET', `/api/consultations/patient/${p.id}`);
    expect(res.json().data.map((c: { chiefComplaint: string }) => c.chiefComplaint)).toEqual(['second', 'first']);
    expect(res.json().data[0].doctor).toMatchObject({ firstName: expect.any(String) });
  });

  describe('dispensing', () => {
    it('lists pending prescriptions for pharmacists only, with pagination', async () => {
      const p = await patient();
      await api.consult(s.tokens.doctor, consultation(p.id, { prescriptions: [med('Paracetamol', 2)] }));
      const res = await api.pending(s.tokens.pharmacist, '?page=1&limit=1');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toHaveLength(1);
      expect(res.json().pagination).toMatchObject({ currentPage: 1, hasPrev: false });
      expect(res.json().pagination.totalRecords).toBeGreaterThanOrEqual(1);
      for (const role of ['doctor', 'nurse', 'admin'] as const) {
        const denied = await api.pending(s.tokens[role]);
        expect(denied.statusCode).toBe(403);
        expect(denied.json().message).toBe('Access denied. Pharmacist role required.');
      }
    });

    it('dispenses everything with an empty body, earliest expiry first, and never twice', async () => {
      const late = await api.stock(s.tokens.pharmacist, {
        name: 'Ciprofloxacin',
        quantity: 10,
        expiryDate: '2099-01-01',
      });
      const early = await api.stock(s.tokens.pharmacist, {
        name: 'ciprofloxacin',
        quantity: 3,
        expiryDate: '2090-01-01',
      });
      await api.stock(s.tokens.pharmacist, {
        name: 'Ciprofloxacin',
        quantity: 50,
        expiryDate: '2001-01-01',
        batchNumber: 'OLD',
      });
      const p = await patient();
      const c = (
        await api.consult(s.tokens.doctor, consultation(p.id, { prescriptions: [med('CIPROFLOXACIN', 5)] }))
      ).json().consultation;

      const first = await api.dispense(s.tokens.pharmacist, c.id);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ message: 'Medication dispensed successfully!', data: { dispensed: [0] } });
      const stock = async () =>
        Object.fromEntries(
          (await api.inventory(s.tokens.pharmacist)).medications.map((m: { id: string; stockQuantity: number }) => [
            m.id,
            m.stockQuantity,
          ]),
        );
      expect(await stock()).toMatchObject({ [early.id]: 0, [late.id]: 8 });

      const again = await api.dispense(s.tokens.pharmacist, c.id);
      expect(again.statusCode).toBe(200);
      expect(again.json().data.dispensed).toEqual([]);
      expect(await stock()).toMatchObject({ [early.id]: 0, [late.id]: 8 });
      const pending = (await api.pending(s.tokens.pharmacist, '?limit=100')).json().data;
      expect(pending.find((x: { id: string }) => x.id === c.id)).toBeUndefined();
    });

    it('dispenses two concurrent requests once', async () => {
      const m = await api.stock(s.tokens.pharmacist, { name: 'Metformin', quantity: 10 });
      const p = await patient();
      const c = (
        await api.consult(s.tokens.doctor, consultation(p.id, { prescriptions: [med('Metformin', 4)] }))
      ).json().consultation;
      const results = await Promise.all([
        api.dispense(s.tokens.pharmacist, c.id),
        api.dispense(s.tokens.pharmacist, c.id),
      ]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
      const inv = (await api.inventory(s.tokens.pharmacist)).medications;
      expect(inv.find((x: { id: string }) => x.id === m.id).stockQuantity).toBe(6);
    });

    it('refuses short stock with 409 naming the medication and takes nothing', async () => {
      const a = await api.stock(s.tokens.pharmacist, { name: 'Ibuprofen', quantity: 10 });
      await api.stock(s.tokens.pharmacist, { name: 'Amlodipine', quantity: 1 });
      const p = await patient();
      const c = (
        await api.consult(
          s.tokens.doctor,
          consultation(p.id, { prescriptions: [med('Ibuprofen', 2), med('Amlodipine', 5)] }),
        )
      ).json().consultation;
      const res = await api.dispense(s.tokens.pharmacist, c.id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_STOCK', medication: 'Amlodipine' });
      expect(res.json().message).toContain('Amlodipine');
      const inv = (await api.inventory(s.tokens.pharmacist)).medications;
      expect(inv.find((x: { id: string }) => x.id === a.id).stockQuantity).toBe(10);
    });

    it('dispenses a chosen subset, leaving the rest pending', async () => {
      await api.stock(s.tokens.pharmacist, { name: 'Vitamin C', quantity: 10 });
      const p = await patient();
      const c = (
        await api.consult(
          s.tokens.doctor,
          consultation(p.id, { prescriptions: [med('Vitamin C', 2), med('Unstocked Drug')] }),
        )
      ).json().consultation;
      const res = await api.dispense(s.tokens.pharmacist, c.id, { items: [0] });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.prescription.medications.map((m: { dispensed: boolean }) => m.dispensed)).toEqual([
        true,
        false,
      ]);
      const pending = (await api.pending(s.tokens.pharmacist, '?limit=100')).json().data;
      expect(pending.find((x: { id: string }) => x.id === c.id)).toBeTruthy();
      expect((await api.dispense(s.tokens.pharmacist, c.id, { items: [7] })).statusCode).toBe(400);

      const stats = await api.call(s.tokens.pharmacist, 'GET', '/api/pharmacy/stats');
      expect(stats.json().data.recentDispensations[0]).toMatchObject({
        consultationId: c.id,
        medications: [{ name: 'Vitamin C', quantity: 2 }],
      });
      expect(stats.json().data.dispensedToday).toBeGreaterThanOrEqual(1);
    });

    it("answers 404 for another hospital's consultation and 403 for non-pharmacists", async () => {
      const p = await patient();
      const c = (await api.consult(s.tokens.doctor, consultation(p.id, { prescriptions: [med('Zinc')] }))).json()
        .consultation;
      const otherPharmacist = (await hireAndSignIn(s.t, s.b.token, 'pharmacist')).token;
      const res = await api.dispense(otherPharmacist, c.id);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Consultation not found');
      expect((await api.dispense(s.tokens.doctor, c.id)).statusCode).toBe(403);
    });
  });
});
