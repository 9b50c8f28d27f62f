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
});
