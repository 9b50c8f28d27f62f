import { describe, it } from 'vitest';
import { given } from '../../../test/helpers/given';
import { labRequestDecider } from './decider';
import { LabRequestNotFound, LabResultsAlreadyRecorded } from './errors';
import type { LabRequestEvent, LabRequestOrdered } from './events';

const order: LabRequestOrdered['data'] = {
  labRequestId: 'l-1',
  hospitalId: 'h-1',
  consultationId: 'c-1',
  patientId: 'p-1',
  patientName: 'Ada Obi',
  orderedBy: { id: 'd-1', name: 'Dr Eze' },
  testName: 'ECG',
  testCode: 'ECG',
  urgency: 'STAT',
  instructions: null,
};
const { hospitalId: _h, instructions: _i, ...context } = order;
const ordered: LabRequestEvent = { type: 'LabRequestOrdered', data: order };
const started: LabRequestEvent = { type: 'LabTestStarted', data: context };
const results = {
  type: 'RecordLabResults' as const,
  labRequestId: 'l-1',
  hospitalId: 'h-1',
  results: 'ok',
  notes: null,
  conductedBy: 'Bisi',
};

describe('lab request decider', () => {
  it('orders', () => given(labRequestDecider).when({ type: 'OrderLabTest', order }).then([ordered]));
  it('starts a pending request', () =>
    given(labRequestDecider, [ordered])
      .when({ type: 'StartLabTest', labRequestId: 'l-1', hospitalId: 'h-1' })
      .then([started]));
  it('records nothing when started twice', () =>
    given(labRequestDecider, [ordered, started])
      .when({ type: 'StartLabTest', labRequestId: 'l-1', hospitalId: 'h-1' })
      .then([]));
  it('records results', () =>
    given(labRequestDecider, [ordered, started])
      .when(results)
      .then([{ type: 'LabResultsRecorded', data: { ...context, results: 'ok', notes: null, conductedBy: 'Bisi' } }]));
  it('refuses results twice', () =>
    given(labRequestDecider, [
      ordered,
      { type: 'LabResultsRecorded', data: { ...context, results: 'ok', notes: null, conductedBy: 'B' } },
    ])
      .when(results)
      .thenThrows(LabResultsAlreadyRecorded));
  it("hides another hospital's request", () =>
    given(labRequestDecider, [ordered])
      .when({ ...results, hospitalId: 'h-2' })
      .thenThrows(LabRequestNotFound));
  it('resolves structured values against the test: catalogue analyte, usual unit, H/L/N from the range', () => {
    const fbc = { ...order, testName: 'Full Blood Count', testCode: 'FBC' };
    const { hospitalId: _, instructions: __, ...fbcContext } = fbc;
    const range = (low: number | null, high: number | null) => ({ low, high });
    return given(labRequestDecider, [{ type: 'LabRequestOrdered', data: fbc }])
      .when({
        ...results,
        results: [
          { analyte: 'hb', value: 9.1, unit: null, referenceRange: range(12, 16) },
          { analyte: 'Platelets', value: 480, unit: '10*3/uL', referenceRange: range(150, 400) },
          { analyte: 'WBC', value: 6.1, unit: null, referenceRange: range(4, null) },
          { analyte: 'MP', value: 'Not seen', unit: null, referenceRange: null },
          { analyte: 'ESR', value: 12, unit: 'mm/h', referenceRange: null },
        ],
      })
      .then([
        {
          type: 'LabResultsRecorded',
          data: {
            ...fbcContext,
            notes: null,
            conductedBy: 'Bisi',
            results: [
              {
                analyte: 'HB',
                name: 'Haemoglobin',
                value: 9.1,
                unit: 'g/dL',
                referenceRange: range(12, 16),
                interpretation: 'L',
              },
              {
                analyte: 'PLT',
                name: 'Platelets',
                value: 480,
                unit: '10*3/uL',
                referenceRange: range(150, 400),
                interpretation: 'H',
              },
              {
                analyte: 'WBC',
                name: 'White cell count',
                value: 6.1,
                unit: '10*3/uL',
                referenceRange: range(4, null),
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
            ],
          },
        },
      ]);
  });
});
