import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '../../platform/event-store/port';
import type { UnitOfWork } from '../../platform/event-store/unit-of-work';
import type { Platform } from '../../platform/platform';
import { medicationDecider, type MedicationCommand, type MedicationDetails } from './decider';
import { InsufficientStock, MedicationNotFound } from './errors';
import { medicationStream } from './medication';
import { batchesNamed, findMedication, MEDICATION_STOCK } from './read-models/medication-stock';
import { hospitalToday } from '../hospitals';

const today = (platform: Platform, metadata: EventMetadata) =>
  hospitalToday(platform.db, metadata.hospitalId, new Date(metadata.occurredAt));

async function onMedication(platform: Platform, metadata: EventMetadata, command: MedicationCommand, isNew = false) {
  await platform.transact(
    metadata,
    async (uow) => {
      const medication = await uow.load(medicationDecider, medicationStream(command.medicationId), { isNew });
      uow.decide(medication, command);
    },
    { waitFor: [{ name: MEDICATION_STOCK }] },
  );
  const view = await findMedication(
    platform.db,
    metadata.hospitalId,
    command.medicationId,
    await today(platform, metadata),
  );
  if (!view) throw new MedicationNotFound();
  return view;
}

export function stockMedication(
  platform: Platform,
  metadata: EventMetadata,
  details: MedicationDetails,
  quantity: number,
) {
  const command: MedicationCommand = {
    type: 'StockMedication',
    medicationId: randomUUID(),
    hospitalId: metadata.hospitalId,
    details,
    quantity,
  };
  return onMedication(platform, metadata, command, true);
}

export function receiveStock(
  platform: Platform,
  metadata: EventMetadata,
  medicationId: string,
  quantity: number,
  reason: string | null,
) {
  const { hospitalId } = metadata;
  return onMedication(platform, metadata, { type: 'ReceiveStock', medicationId, hospitalId, quantity, reason });
}

export function adjustStock(
  platform: Platform,
  metadata: EventMetadata,
  medicationId: string,
  quantity: number,
  reason: string,
) {
  const { hospitalId } = metadata;
  return onMedication(platform, metadata, { type: 'AdjustStock', medicationId, hospitalId, quantity, reason });
}

export type DispenseRequest = {
  name: string;
  quantity: number;
  consultationId: string;
  prescriptionIndex: number;
  patientId: string;
};

/**
 * Stages the dispensing of one prescription item in the caller's unit of work: from the unexpired
 * batches whose name matches (any case), earliest expiry first, spilling into the next batch when
 * one runs out. Each batch's stock is read from its stream, and the commit expects the revision it
 * was read at, so two dispensations racing for the last units cannot both take them.
 * Throws InsufficientStock (409, naming the medication) when the batches together fall short.
 */
export async function dispenseFromStock(platform: Platform, uow: UnitOfWork, request: DispenseRequest) {
  const { hospitalId } = uow.metadata;
  const day = await today(platform, uow.metadata);
  const batches = (await batchesNamed(platform.db, hospitalId, request.name)).filter((b) => b.expiryDate >= day);
  const loaded = [];
  for (const b of batches) loaded.push(await uow.load(medicationDecider, medicationStream(b.medicationId)));
  const stocked = loaded.filter((m) => m.state.status === 'stocked' && m.state.hospitalId === hospitalId);
  const available = stocked.reduce((n, m) => n + (m.state.status === 'stocked' ? Math.max(0, m.state.stock) : 0), 0);
  if (available < request.quantity) throw new InsufficientStock(request.name, available, request.quantity);
  let left = request.quantity;
  for (const m of stocked) {
    if (left === 0 || m.state.status !== 'stocked' || m.state.stock <= 0) continue;
    const take = Math.min(left, m.state.stock);
    uow.decide(m, {
      type: 'DispenseMedication',
      medicationId: m.state.medicationId,
      hospitalId,
      quantity: take,
      consultationId: request.consultationId,
      prescriptionIndex: request.prescriptionIndex,
      patientId: request.patientId,
    });
    left -= take;
  }
}
