import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '../../platform/event-store/port';
import type { UnitOfWork } from '../../platform/event-store/unit-of-work';
import type { Platform, WaitOptions } from '../../platform/platform';
import { labRequestDecider, type LabRequestCommand, type LabResultsInput } from './decider';
import { LabRequestNotFound } from './errors';
import type { LabUrgency } from './events';
import { labRequestStream } from './lab-request';
import { findLabRequest, LAB_REQUESTS } from './read-models/lab-requests';

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
  wait: WaitOptions,
) {
  await platform.transact(
    metadata,
    async (uow) => {
      const request = await uow.load(labRequestDecider, labRequestStream(command.labRequestId));
      uow.decide(request, command);
    },
    { ...wait, waitFor: [{ name: LAB_REQUESTS }, ...(wait.waitFor ?? [])] },
  );
  const view = await findLabRequest(platform.db, metadata.hospitalId, command.labRequestId);
  if (!view) throw new LabRequestNotFound();
  return view;
}

export function startLabTest(platform: Platform, metadata: EventMetadata, labRequestId: string) {
  return onLabRequest(platform, metadata, { type: 'StartLabTest', labRequestId, hospitalId: metadata.hospitalId }, {});
}

export function recordLabResults(
  platform: Platform,
  metadata: EventMetadata,
  labRequestId: string,
  entry: { results: LabResultsInput; notes: string | null; conductedBy: string | null },
  wait: WaitOptions = {},
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
    wait,
  );
}
