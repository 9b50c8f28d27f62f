import {
  medicationGroupsEndpoint,
  medicationsEndpoint,
  type medication,
  type medicationGroup,
} from '../../shared/api/pharmacy';
import { fetchData } from './endpoint-client';
import type { z } from './zod';

export type Medication = z.output<typeof medication>;
export type Inventory = z.output<typeof medicationsEndpoint.data>;
export type MedicationGroup = z.output<typeof medicationGroup>;

/**
 * GET /api/inventory/medications: every batch (name, then expiry) and the metrics' counts. The one client of
 * this endpoint: the pharmacy's inventory and the admin's pharmacy console read it here, each saying its own failure.
 */
export function fetchMedications(search = '', signal?: AbortSignal): Promise<Inventory> {
  return fetchData(medicationsEndpoint, { searchParams: search ? { search } : undefined, signal });
}

/**
 * GET /api/inventory/medications/groups: the batches of one medication together. The one client of this
 * endpoint: the pharmacy's inventory and the doctor's formulary read it here.
 */
export async function fetchMedicationGroups(signal?: AbortSignal): Promise<MedicationGroup[]> {
  return (await fetchData(medicationGroupsEndpoint, { signal })).groups;
}
