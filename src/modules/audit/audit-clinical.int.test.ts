import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicalApi } from '../../../test/helpers/clinical-api';
import { patientsApi, startPatientsSuite, type PatientsSuite } from '../../../test/helpers/patients-api';
import { hireAndSignIn } from '../../../test/helpers/staff-api';

/**
 * The clinical work in the audit: a patient's consultation list replayed as of each step equals
 * what the doctor was answered then; the history holds the consultations, prescriptions,
 * dispensing and lab work; reads of the list leave access events.
 */
const med = (medicationName: string, quantity: number) => ({
  medicationName,
  dosage: '500mg',
  frequency: 'Twice daily',
  duration: '5 days',
  instructions: 'After meals',
  quantity,
});

/** The fields of FHIR resources these tests read. */
type Fhir = {
  resourceType: string;
  id: string;
  status?: string;
  priority?: string;
  code?: { text: string };
  medicationCodeableConcept?: { text: string };
  category?: { coding: { code: string }[] }[];
  valueString?: string;
  valueQuantity?: { value: number };
  result?: unknown;
  name?: unknown;
  participant?: { individual: { reference: string; display: string } }[];
  requester?: { reference: string; display: string };
  performer?: ({ reference: string } | { actor: { reference: string } })[];
  practitioner?: { reference: string };
  organization?: { reference: string };
  managingOrganization?: { reference: string };
};

describe('the clinical record in the audit', () => {
  let s: PatientsSuite;
  let compliance: string;
  let patientId: string;
  let first: { id: string; labOrders: { id: string; testName: string }[] };
  const api = clinicalApi(() => s.t);
  const patients = patientsApi(() => s.t);
  /** The doctor's list as answered right after each step, with the instant it was read. */
  const snapshots: { step: string; at: string; answer: unknown[] }[] = [];
  const requestIds: Record<string, string> = {};

  const list = (token: string, asOf?: string) =>
    api.call(token, 'GET', `/api/consultations/patient/${patientId}${asOf ? `?asOf=${encodeURIComponent(asOf)}` : ''}`);
  async function snapshot(step: string) {
    const res = await list(s.tokens.doctor);
    expect(res.statusCode, res.body).toBe(200);
    requestIds[`read after ${step}`] = String(res.headers['x-request-id']);
    snapshots.push({ step, at: new Date().toISOString(), answer: res.json().data });
    await sleep(5);
  }
  const ok = async (res: ReturnType<typeof api.call>, status = 200) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(status);
    return r;
  };

  beforeAll(async () => {
    s = await startPatientsSuite(['doctor', 'nurse', 'receptionist', 'pharmacist', 'lab_technician']);
    compliance = (await hireAndSignIn(s.t, s.a.token, 'compliance_officer')).token;
    await api.stock(s.tokens.pharmacist, { name: 'Coartem', quantity: 20 });
    await api.stock(s.tokens.pharmacist, { name: 'Paracetamol', quantity: 20 });
    patientId = (await patients.registered(s.tokens.receptionist)).id;
    await snapshot('registration');

    const consulted = await ok(
      api.consult(s.tokens.doctor, {
        patientId,
        chiefComplaint: 'Fever for three days',
        primaryDiagnosis: 'Malaria',
        prescriptions: [med('Coartem', 2), med('Paracetamol', 1)],
        labOrders: [
          { testName: 'Liver Function Test', urgency: 'Routine' },
          { testName: 'Full Blood Count', urgency: 'STAT' },
        ],
      }),
      201,
    );
    requestIds.consultation = String(consulted.headers['x-request-id']);
    first = consulted.json().consultation;
    await snapshot('consultation');
    const dispensed = await ok(api.dispense(s.tokens.pharmacist, first.id, { items: [0] }));
    requestIds.dispense = String(dispensed.headers['x-request-id']);
    await snapshot('dispense');
    const fbc = first.labOrders.find((l) => l.testName === 'Full Blood Count')!;
    await ok(api.call(s.tokens.lab_technician, 'POST', `/api/lab/requests/${fbc.id}/start`));
    await snapshot('lab start');
    await ok(
      api.call(s.tokens.lab_technician, 'POST', `/api/lab/requests/${fbc.id}/results`, {
        results: { Haemoglobin: '13.2 g/dL', WBC: 6.1 },
        notes: 'Normal',
        conductedBy: 'Bisi Ade',
      }),
    );
    await snapshot('results');
    await ok(
      api.consult(s.tokens.doctor, { patientId, chiefComplaint: 'Review', primaryDiagnosis: 'Recovering' }),
      201,
    );
    await snapshot('second consultation');
  });
  afterAll(async () => s?.t.close());

  it('replays the consultation list as of each step exactly as the doctor was answered then', async () => {
    for (const snap of snapshots) {
      for (const token of [s.tokens.admin, compliance]) {
        const res = await list(token, snap.at);
        expect(res.statusCode, `${snap.step}: ${res.body}`).toBe(200);
        expect(res.json().data, snap.step).toEqual(snap.answer);
      }
    }
    type Listed = {
      primaryDiagnosis: string;
      prescriptions: { dispensed: boolean }[];
      labOrders: { testName: string; status: string; results: unknown }[];
    };
    const at = async (step: string) =>
      (await list(compliance, snapshots.find((x) => x.step === step)!.at)).json().data as Listed[];
    expect(await at('registration')).toEqual([]);
    const consulted = (await at('consultation'))[0]!;
    expect(consulted.prescriptions.map((p) => p.dispensed)).toEqual([false, false]);
    expect(consulted.labOrders.map((l) => [l.testName, l.status])).toEqual([
      ['Full Blood Count', 'pending'],
      ['Liver Function Test', 'pending'],
    ]);
    expect((await at('dispense'))[0]!.prescriptions.map((p) => p.dispensed)).toEqual([true, false]);
    expect((await at('dispense'))[0]!.labOrders[0]).toMatchObject({ status: 'pending', results: null });
    expect((await at('lab start'))[0]!.labOrders[0]).toMatchObject({ status: 'in progress', results: null });
    expect((await at('results'))[0]!.labOrders[0]).toMatchObject({
      status: 'completed',
      results: { Haemoglobin: '13.2 g/dL', WBC: 6.1 },
    });
    expect((await at('results')).map((c) => c.primaryDiagnosis)).toEqual(['Malaria']);
    expect((await at('second consultation')).map((c) => c.primaryDiagnosis)).toEqual(['Recovering', 'Malaria']);
  });

  it('replays for admins and compliance officers only, in their own hospital', async () => {
    const at = snapshots[1]!.at;
    expect((await list(s.tokens.doctor, at)).statusCode).toBe(403);
    expect((await list(s.tokens.nurse, at)).statusCode).toBe(403);
    expect((await list(s.tokens.nurse)).statusCode).toBe(403);
    const admin = await list(s.tokens.admin);
    expect(admin.statusCode).toBe(403);
    expect(admin.json().message).toBe('Access denied. Doctor role required.');
    expect((await list(s.b.token, at)).statusCode).toBe(404);
    expect((await list(compliance, '2000-01-01T00:00:00Z')).statusCode).toBe(404);
    const bad = await list(compliance, 'yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().success).toBe(false);
  });

  type Entry = { requestId: string | null; eventType: string; action: string; subject: { type: string } | null };
  async function trail(token = s.tokens.admin) {
    const res = await api.call(token, 'GET', '/api/audit/events?limit=200');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.entries as Entry[];
  }

  it('records each read of the list, a replay and a refusal as access events; one entry per clinical write', async () => {
    const entries = await trail();
    const byRequest = (id: string) => entries.filter((e) => e.requestId === id);
    expect(byRequest(requestIds['read after consultation']!).map((e) => e.eventType)).toEqual(['RecordAccessed']);
    expect(byRequest(requestIds['read after consultation']!)[0]!.action).toMatch(/^Viewed the consultations of /);
    // The consultation is one entry (the patient's status rides in its commit); the invoice follows in a commit of its own (billing's reactor).
    const consultation = byRequest(requestIds.consultation!);
    expect(consultation.map((e) => e.eventType).sort()).toEqual(['ConsultationRecorded', 'InvoiceRaised']);
    expect(consultation.find((e) => e.eventType === 'ConsultationRecorded')!.action).toMatch(
      /^Recorded a consultation for .+: Malaria \(2 medications, 2 lab orders\)$/,
    );
    const dispense = byRequest(requestIds.dispense!);
    expect(dispense.map((e) => e.eventType).sort()).toEqual(['InvoiceLinesAdded', 'PrescriptionDispensed']);
    expect(dispense.find((e) => e.eventType === 'PrescriptionDispensed')!.subject).toMatchObject({
      type: 'prescription',
    });
    const replay = await list(compliance, snapshots[2]!.at);
    const refused = await list(s.tokens.nurse);
    const after = await trail();
    const replayed = after.find((e) => e.requestId === replay.headers['x-request-id'])!;
    expect(replayed).toMatchObject({ eventType: 'RecordAccessed', subject: { type: 'patient' } });
    expect(replayed.action).toContain(` as of ${snapshots[2]!.at}`);
    expect(after.filter((e) => e.requestId === refused.headers['x-request-id']).map((e) => e.eventType)).toEqual([
      'AccessRefused',
    ]);
  });

  it("holds the consultations, prescriptions, dispensing and lab work in the patient's history", async () => {
    const res = await api.call(compliance, 'GET', `/api/patients/${patientId}/history`);
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json().data.entries as { eventType: string; action: string; kind: string }[];
    const types = entries.map((e) => e.eventType);
    for (const type of [
      'ConsultationRecorded',
      'PrescriptionIssued',
      'LabRequestOrdered',
      'PrescriptionDispensed',
      'MedicationDispensed',
      'LabTestStarted',
      'LabResultsRecorded',
      'InvoiceRaised',
    ]) {
      expect(types, type).toContain(type);
    }
    expect(types.filter((t) => t === 'ConsultationRecorded')).toHaveLength(2);
    expect(types.filter((t) => t === 'LabRequestOrdered')).toHaveLength(2);
    const actions = entries.map((e) => e.action);
    expect(actions.some((a) => /^Dispensed 1 item to .+, more to dispense$/.test(a))).toBe(true);
    expect(actions.some((a) => /^Ordered Full Blood Count \(STAT\) for /.test(a))).toBe(true);
    expect(actions.some((a) => /^Recorded the Full Blood Count results of /.test(a))).toBe(true);
    expect(
      entries.filter((e) => e.eventType === 'RecordAccessed' && e.action.startsWith('Viewed the consultations')),
    ).not.toHaveLength(0);

    const report = await api.call(compliance, 'GET', `/api/audit/access-report?patientId=${patientId}`);
    const rows = report.json().data.rows as { actor: { role: string }; writes: number }[];
    // Each clinical write, and the invoice line billing adds for it in the same person's name.
    const writes = Object.fromEntries(rows.map((r) => [r.actor.role, r.writes]));
    expect(writes).toMatchObject({ pharmacist: 2, lab_technician: 3 });
  });

  it('exports the clinical work in the JSON export, oldest first', async () => {
    const res = await api.call(compliance, 'GET', `/api/patients/${patientId}/export`);
    expect(res.statusCode, res.body).toBe(200);
    const clinical = res.json().clinical as { type: string; by: { role: string }; data: Record<string, unknown> }[];
    expect(clinical.filter((e) => e.type === 'ConsultationRecorded').map((e) => e.data.primaryDiagnosis)).toEqual([
      'Malaria',
      'Recovering',
    ]);
    expect(clinical.find((e) => e.type === 'PrescriptionDispensed')).toMatchObject({
      by: { role: 'pharmacist' },
      data: { items: [{ medicationName: 'Coartem', quantity: 2 }] },
    });
    expect(clinical.filter((e) => e.type === 'LabResultsRecorded')).toMatchObject([
      { by: { role: 'lab_technician' }, data: { testName: 'Full Blood Count', notes: 'Normal' } },
    ]);
  });

  it('exports the clinical record as FHIR: encounters, medication requests and dispenses, lab orders and reports', async () => {
    const exported = async () => {
      const res = await api.call(compliance, 'GET', `/api/patients/${patientId}/export?format=fhir`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { entry: { fullUrl: string; resource: Fhir }[] };
    };
    const bundle = await exported();
    const resources = bundle.entry.map((e) => e.resource);
    const of = (type: string) => resources.filter((r) => r.resourceType === type);
    const patientRef = { reference: `urn:uuid:${patientId}` };

    expect(of('Encounter')).toHaveLength(2);
    const encounter = of('Encounter').find((e) => e.id === first.id)!;
    expect(encounter).toMatchObject({
      status: 'finished',
      subject: patientRef,
      reasonCode: [{ text: 'Fever for three days' }],
      diagnosis: [{ condition: { display: 'Malaria' }, rank: 1 }],
    });
    const requests = of('MedicationRequest');
    expect(requests.map((r) => [r.medicationCodeableConcept?.text, r.status])).toEqual([
      ['Coartem', 'completed'],
      ['Paracetamol', 'active'],
    ]);
    expect(requests[0]).toMatchObject({
      intent: 'order',
      subject: patientRef,
      encounter: { reference: `urn:uuid:${first.id}` },
    });
    expect(of('MedicationDispense')).toMatchObject([
      {
        status: 'completed',
        medicationCodeableConcept: {
          text: 'Coartem',
          // The pharmacy's own code and, beside it, WHO ATC (src/shared/atc.ts).
          coding: expect.arrayContaining([
            { system: 'http://www.whocc.no/atc', code: 'P01BF01', display: 'artemether and lumefantrine' },
          ]),
        },
        quantity: { value: 2, unit: 'unit', system: 'http://unitsofmeasure.org', code: '{unit}' },
        subject: patientRef,
        authorizingPrescription: [{ reference: `urn:uuid:${requests[0]!.id}` }],
      },
    ]);
    const services = of('ServiceRequest');
    expect(services.map((r) => [r.code?.text, r.priority, r.status]).sort()).toEqual([
      ['Full Blood Count', 'stat', 'completed'],
      ['Liver Function Test', 'routine', 'active'],
    ]);
    const fbc = services.find((r) => r.code?.text === 'Full Blood Count')!;
    const [report] = of('DiagnosticReport');
    expect(report).toMatchObject({
      status: 'final',
      subject: patientRef,
      basedOn: [{ reference: `urn:uuid:${fbc.id}` }],
      conclusion: 'Normal',
    });
    const labValues = of('Observation').filter((o) => o.category?.[0]?.coding[0]?.code === 'laboratory');
    // Sorted: the store keeps data as jsonb, which does not keep the order of keys.
    expect(labValues.map((o) => [o.code?.text, o.valueString ?? o.valueQuantity?.value]).sort()).toEqual([
      ['Haemoglobin', '13.2 g/dL'],
      ['WBC', 6.1],
    ]);
    expect(report?.result).toEqual(labValues.map((o) => ({ reference: `urn:uuid:${o.id}` })));

    // Who did what: a PractitionerRole (person, role, hospital) is referenced, not a bare display name.
    const [organization] = of('Organization');
    expect(organization).toMatchObject({ name: expect.any(String) });
    expect(of('Patient')[0]?.managingOrganization).toEqual({
      reference: `urn:uuid:${organization!.id}`,
      display: organization!.name,
    });
    const roles = of('PractitionerRole') as unknown as {
      id: string;
      practitioner: { reference: string };
      organization: { reference: string };
      code: { coding: { code: string }[] }[];
    }[];
    const roleOf = (reference: string | undefined) =>
      roles.find((r) => `urn:uuid:${r.id}` === reference)?.code[0]?.coding[0]?.code;
    expect(roleOf(encounter.participant?.[0]?.individual.reference)).toBe('doctor');
    expect(roleOf(requests[0]!.requester?.reference)).toBe('doctor');
    expect(roleOf(fbc.requester?.reference)).toBe('doctor');
    const dispense = of('MedicationDispense')[0]!;
    expect(roleOf((dispense.performer?.[0] as { actor: { reference: string } }).actor.reference)).toBe('pharmacist');
    expect(roleOf((report!.performer?.[0] as { reference: string }).reference)).toBe('lab_technician');
    expect(roles.every((r) => r.organization.reference === `urn:uuid:${organization!.id}`)).toBe(true);
    expect(new Set(roles.map((r) => r.practitioner.reference)).size).toBe(of('Practitioner').length);
    expect(of('Practitioner').length).toBeGreaterThanOrEqual(3);

    // Every reference inside the bundle resolves to one of its entries; a second export names all the same.
    const urls = new Set(bundle.entry.map((e) => e.fullUrl));
    const refs = JSON.stringify(resources)
      .match(/"reference":"[^"]+"/g)!
      .map((r) => r.slice(13, -1));
    expect(refs.filter((r) => !urls.has(r))).toEqual([]);
    expect((await exported()).entry.map((e) => e.fullUrl)).toEqual(bundle.entry.map((e) => e.fullUrl));
  });
});
