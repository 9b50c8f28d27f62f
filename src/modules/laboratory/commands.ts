import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '../../platform/event-store/port';
import type { UnitOfWork } from '../../platform/event-store/unit-of-work';
import type { Platform } from '../../platform/platform';
import { changePatientStatus, PATIENTS_LIST, PatientNotFound, stagePatientStatus } from '../patients';
import { labRequestDecider, type LabRequestCommand, type LabResultsInput } from './decider';
import { LabRequestNotFound } from './errors';
import type { LabRequestEvent, LabResultsRecorded, LabUrgency } from './events';
import { labRequestStream } from './lab-request';
import { findLabRequest, LAB_REQUESTS, openLabRequestsOf } from './read-models/lab-requests';

export type LabOrder = { testName: string; testCode: string; urgency: LabUrgency; instructions: string | null };
export type OrderContext = {
  consultationId: string;
  patientId: string;
  patientName: string;
  orderedBy: { id: string; name: string };
};

/** Stages one lab request per ordered test in the caller's unit of work (the consultation's commit). */
export async function orderLabTests(uow: UnitOfWork, context: OrderContext, orders: LabOrder[]) {
  const ids: string[] = [];
  for (const order of orders) {
    const labRequestId = randomUUID();
    const request = await uow.load(labRequestDecider, labRequestStream(labRequestId), { isNew: true });
    uow.decide(request, {
      type: 'OrderLabTest',
      order: { ...context, ...order, labRequestId, hospitalId: uow.metadata.hospitalId },
    });
    ids.push(labRequestId);
  }
  return ids;
}

async function onLabRequest(
  platform: Platform,
  metadata: EventMetadata,
  command: Exclude<LabRequestCommand, { type: 'OrderLabTest' }>,
  alsoStage?: (uow: UnitOfWork, events: LabRequestEvent[]) => Promise<void>,
) {
  await platform.transact(
    metadata,
    async (uow) => {
      const request = await uow.load(labRequestDecider, labRequestStream(command.labRequestId));
      const events = uow.decide(request, command);
      if (alsoStage) await alsoStage(uow, events);
    },
    // Both read models are inline: current when the commit returns, nothing to wait for.
    { waitFor: [{ name: LAB_REQUESTS }, { name: PATIENTS_LIST }] },
  );
  const view = await findLabRequest(platform.db, metadata.hospitalId, command.labRequestId);
  if (!view) throw new LabRequestNotFound();
  return view;
}

export function startLabTest(platform: Platform, metadata: EventMetadata, labRequestId: string) {
  return onLabRequest(platform, metadata, { type: 'StartLabTest', labRequestId, hospitalId: metadata.hospitalId });
}

/**
 * Results in → the patient's status becomes 'test complete' once every test of that consultation
 * has its results, staged in the results' own commit after them (the results stay the commit's
 * audit entry), so the technician's answer waits for no reactor and the patient list is current.
 * The other tests are read from the lab list (inline, so current): if a colleague's results for the
 * last other test commit between that read and this commit, each saw the other still open; the one
 * that commits last finds none open once it has committed and moves the patient in a commit of its own.
 */
export async function recordLabResults(
  platform: Platform,
  metadata: EventMetadata,
  labRequestId: string,
  entry: { results: LabResultsInput; notes: string | null; conductedBy: string | null },
) {
  // Set when the consultation's other tests were still open at the decision (the last attempt's).
  const left: { open: { consultationId: string; patientId: string } | null } = { open: null };
  const view = await onLabRequest(
    platform,
    metadata,
    {
      type: 'RecordLabResults',
      labRequestId,
      hospitalId: metadata.hospitalId,
      results: entry.results,
      notes: entry.notes,
      conductedBy: entry.conductedBy ?? metadata.actor.name,
    },
    async (uow, events) => {
      left.open = null;
      const recorded = events.find((e): e is LabResultsRecorded => e.type === 'LabResultsRecorded');
      if (!recorded) return;
      const { consultationId, patientId } = recorded.data;
      if ((await openLabRequestsOf(platform.db, consultationId, labRequestId)) > 0) {
        left.open = { consultationId, patientId };
        return;
      }
      await stagePatientStatus(uow, patientId, 'test complete');
    },
  );
  const open = left.open;
  if (open && (await openLabRequestsOf(platform.db, open.consultationId)) === 0) {
    try {
      await changePatientStatus(platform, metadata, open.patientId, 'test complete');
    } catch (e) {
      if (!(e instanceof PatientNotFound)) throw e;
    }
  }
  return view;
}
