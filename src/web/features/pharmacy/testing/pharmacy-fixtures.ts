import { dispenseEndpoint, pendingPrescriptionsEndpoint } from '../../../../shared/api/dispensing';
import type { DataOf } from '../../../../shared/api/endpoint';
import {
  type addMedicationEndpoint,
  type adjustStockEndpoint,
  medicationGroupsEndpoint,
  medicationsEndpoint,
  type receiveStockEndpoint,
} from '../../../../shared/api/pharmacy';
import type { Medication, MedicationGroup } from '../../../lib/medication-stock';
import { answer, answerBody } from '../../../lib/testing/fake-api';
import type { SessionUser } from '../../../lib/session';

/** Fixtures for the pharmacy screens' component tests. */
export const pharmacist: SessionUser = {
  id: 'ph-1',
  name: 'Amaka Eze',
  email: 'amaka@lagoon.ng',
  initials: 'AE',
  role: 'pharmacist',
  roleId: 5,
  hospital: { id: 'h-1', hospitalId: 'HMS-7Q4K2X', name: 'Lagoon', status: 'active' },
  mustChangePassword: false,
};

type QueueItem = DataOf<typeof pendingPrescriptionsEndpoint>[number];

/** A pending prescription as the queue answers it: one medication, none dispensed yet. */
export const prescription = (id: string, patientName: string, medicationName = 'Coartem'): QueueItem => ({
  id,
  consultationId: id,
  patientId: `p-${id}`,
  patientName,
  dateIssued: '2026-03-02T09:15:00.000Z',
  prescribedBy: 'Tunde Bello',
  diagnosis: 'Malaria',
  medications: [
    {
      index: 0,
      name: medicationName,
      medicationName,
      medicationId: null,
      dosage: '80/480mg',
      frequency: 'Twice daily',
      duration: '3 days',
      instructions: 'After meals',
      quantity: 6,
      dispensed: false,
      dispensedAt: null,
    },
  ],
});

/** GET /api/consultations/prescriptions/pending: a page of 10 of `totalRecords`. */
export function pendingPage(items: QueueItem[], totalRecords = items.length, currentPage = 1) {
  const totalPages = Math.ceil(totalRecords / 10);
  return answerBody(pendingPrescriptionsEndpoint, {
    success: true,
    data: items,
    pagination: {
      currentPage,
      totalPages,
      totalRecords,
      hasPrev: currentPage > 1,
      hasNext: currentPage < totalPages,
    },
  });
}

/** The dispense command's answer: every medication of `item` handed out now. */
export const dispensed = (item: QueueItem) =>
  answer(
    dispenseEndpoint,
    {
      dispensed: item.medications.map((m) => m.index),
      prescription: {
        consultationId: item.consultationId,
        pending: false,
        medications: item.medications.map((m) => ({ ...m, dispensed: true, dispensedAt: '2026-03-02T10:30:00.000Z' })),
      },
    },
    'Medication dispensed successfully!',
  );

export const medication = (overrides: Partial<Medication> = {}): Medication => ({
  id: 'm-1',
  name: 'Paracetamol',
  batchNumber: 'PCM-001',
  vendor: 'Emzor Pharmaceuticals',
  expiryDate: '2027-06-30',
  stockQuantity: 40,
  reorderLevel: 10,
  status: 'In Stock',
  expired: false,
  expiringSoon: false,
  version: 1,
  updatedAt: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

/** GET /api/inventory/medications: the batches and their counts. */
export function inventory(medications: Medication[]) {
  const count = (status: string) => medications.filter((m) => m.status === status).length;
  return answer(medicationsEndpoint, {
    medications,
    summary: {
      total: medications.length,
      inStock: count('In Stock'),
      lowStock: count('Low Stock'),
      outOfStock: count('Out of Stock'),
      expiringSoon: medications.filter((m) => m.expiringSoon).length,
    },
  });
}

/** GET /api/inventory/medications/groups. */
export const medicationGroups = (groups: MedicationGroup[]) => answer(medicationGroupsEndpoint, { groups });

/** A stock write's 201 answer: the batch as it now stands, with the server's words. */
export const stockWritten = (
  e: typeof addMedicationEndpoint | typeof receiveStockEndpoint | typeof adjustStockEndpoint,
  written: Medication,
  message: string,
) => ({ status: 201, ...answer(e, { medication: written }, message) });
