import { randomUUID } from 'node:crypto';
import type { Decider } from '../../platform/event-store/command-handler';
import type { EventMetadata } from '../../platform/event-store/port';
import type { UnitOfWork } from '../../platform/event-store/unit-of-work';
import type { Platform } from '../../platform/platform';
import { PATIENTS_LIST, stagePatientStatus } from '../patients';
import { labRequestDecider, type LabRequestCommand, type LabResultsInput } from './decider';
import { LabRequestNotFound } from './errors';
import type { LabRequestEvent, LabResultsRecorded, LabResultsTallied, LabUrgency } from './events';
import { labRequestStream, labResultsTallyStream } from './lab-request';
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

/** The tally of a consultation's results (`LabResultsTallied`): one event per results commit. */
type TallyResults = { type: 'TallyResults'; consultationId: string; labRequestId: string };
const labResultsTally: Decider<TallyResults, LabResultsTallied, null> = {
  initialState: () => null,
  evolve: () => null,
  decide: ({ consultationId, labRequestId }) => [{ type: 'LabResultsTallied', data: { consultationId, labRequestId } }],
};

/**
 * Results in → the patient's status becomes 'test complete' once every test of that consultation
 * has its results, staged in the results' own commit after them (the results stay the commit's
 * audit entry), so the technician's answer waits for no reactor and the patient list is current.
 * The other tests are read from the lab list (inline, so current). Two technicians sending the
 * consultation's last two results at once could each read the other's test still open; both
 * commits therefore also append to the consultation's tally stream, read before the lab list, so
 * the later one fails on its revision and `transact` decides it again, now seeing no test open: the
 * status change is always in a results commit, never in a second one a crash could lose.
 */
export async function recordLabResults(
  platform: Platform,
  metadata: EventMetadata,
  labRequestId: string,
  entry: { results: LabResultsInput; notes: string | null; conductedBy: string | null },
) {
  return onLabRequest(
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
      const recorded = events.find((e): e is LabResultsRecorded => e.type === 'LabResultsRecorded');
      if (!recorded) return;
      const { consultationId, patientId } = recorded.data;
      const tally = await uow.load(labResultsTally, labResultsTallyStream(consultationId), { latestOnly: true });
      uow.decide(tally, { type: 'TallyResults', consultationId, labRequestId });
      if ((await openLabRequestsOf(platform.db, consultationId, labRequestId)) > 0) return;
      await stagePatientStatus(uow, patientId, 'test complete');
    },
  );
}
