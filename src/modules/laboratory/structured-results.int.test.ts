import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicalApi } from '../../../test/helpers/clinical-api';
import { patientsApi, startPatientsSuite, type PatientsSuite } from '../../../test/helpers/patients-api';

/**
 * Structured lab results through the route (issue 22 item 9): analyte, value, UCUM unit and range,
 * flagged H/L/N on the way in and answered as recorded; free text still works beside them.
 */
describe('structured lab results', () => {
  let s: PatientsSuite;
  const api = clinicalApi(() => s.t);
  const patients = patientsApi(() => s.t);

  beforeAll(async () => {
    s = await startPatientsSuite(['doctor', 'receptionist', 'lab_technician']);
  });
  afterAll(async () => s?.t.close());

  async function ordered(testName: string) {
    const p = await patients.registered(s.tokens.receptionist);
    const res = await api.consult(s.tokens.doctor, {
      patientId: p.id,
      chiefComplaint: 'Fever',
      primaryDiagnosis: 'Malaria',
      labOrders: [{ testName }],
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json().consultation.labOrders as { id: string }[])[0]!.id;
  }
  const record = (id: string, body: object) =>
    api.call(s.tokens.lab_technician, 'POST', `/api/lab/requests/${id}/results`, body);

  it('records structured values with the catalogue analyte, the usual unit and H/L/N from the range', async () => {
    const id = await ordered('Full Blood Count');
    const res = await record(id, {
      results: [
        { analyte: 'HB', value: 9.1, referenceRange: { low: 12, high: 16 } },
        { analyte: 'platelets', value: 480, unit: '10*3/uL', referenceRange: { low: 150, high: 400 } },
        { analyte: 'WBC', value: 6.1, unit: '10*3/uL', referenceRange: { low: 4, high: 11 } },
        { analyte: 'MP', value: 'Not seen' },
        { analyte: 'ESR', value: 12, unit: 'mm/h' },
      ],
      notes: 'Microcytic picture',
    });
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().data.request.results as { analyte: string; interpretation: string | null }[];
    expect(results).toEqual([
      {
        analyte: 'HB',
        name: 'Haemoglobin',
        value: 9.1,
        unit: 'g/dL',
        referenceRange: { low: 12, high: 16 },
        interpretation: 'L',
      },
      {
        analyte: 'PLT',
        name: 'Platelets',
        value: 480,
        unit: '10*3/uL',
        referenceRange: { low: 150, high: 400 },
        interpretation: 'H',
      },
      {
        analyte: 'WBC',
        name: 'White cell count',
        value: 6.1,
        unit: '10*3/uL',
        referenceRange: { low: 4, high: 11 },
        interpretation: 'N',
      },
      {
        analyte: 'MP',
        name: 'Malaria parasites (smear)',
        value: 'Not seen',
        unit: null,
        referenceRange: null,
        interpretation: null,
      },
      { analyte: 'ESR', name: 'ESR', value: 12, unit: 'mm/h', referenceRange: null, interpretation: null },
    ]);
    // The queue and the recorded event say the same.
    const queue = await api.call(s.tokens.lab_technician, 'GET', '/api/lab/requests?status=completed&limit=100');
    const listed = (queue.json().data.requests as { id: string; results: unknown }[]).find((r) => r.id === id)!;
    expect(listed.results).toEqual(results);
    const [event] = await s.t.platform.store.readStream(`lab-request-${id}`).then((e) => e.slice(-1));
    expect(event).toMatchObject({ type: 'LabResultsRecorded', data: { results } });
  });

  it('still takes a free-text report and values by parameter', async () => {
    const text = await record(await ordered('Chest X-ray'), { results: 'No active lung lesion' });
    expect(text.statusCode, text.body).toBe(200);
    expect(text.json().data.request.results).toBe('No active lung lesion');
    const byName = await record(await ordered('Urine Analysis'), { results: { Protein: 'Trace', pH: 6 } });
    expect(byName.statusCode, byName.body).toBe(200);
    expect(byName.json().data.request.results).toEqual({ Protein: 'Trace', pH: 6 });
  });

  it.each([
    [[], 'Results are required'],
    [[{ analyte: '', value: 1 }], 'Please name each result value'],
    [[{ analyte: 'HB', value: '' }], 'Please enter a value for each parameter'],
    [
      [{ analyte: 'HB', value: 9, referenceRange: { low: 16, high: 12 } }],
      'The low end of a reference range cannot be above its high end',
    ],
    [
      [
        { analyte: 'HB', value: 9 },
        { analyte: 'hb', value: 10 },
      ],
      'Each parameter can be entered only once',
    ],
    // A value of neither kind matches no form of results at all.
    [[{ analyte: 'HB', value: true }], 'Results are required'],
  ])('refuses %j with 400 and "%s", recording nothing', async (results, message) => {
    const id = await ordered('Full Blood Count');
    const res = await record(id, { results });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json() as { success: boolean; errors: { message: string }[] };
    expect(body.success).toBe(false);
    expect(body.errors.map((e) => e.message)).toContain(message);
    const events = await s.t.platform.store.readStream(`lab-request-${id}`);
    expect(events.map((e) => e.type)).toEqual(['LabRequestOrdered']);
  });
});
