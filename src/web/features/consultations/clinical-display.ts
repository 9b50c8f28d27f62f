import type { Consultation, LabOrder, Medication } from './api/consultation-schemas';

/** How the doctor's screens word a consultation's parts. Pure, for the panels and the records. */

/** A lab result as one line: free text as written, values as 'Haemoglobin: 13.2 g/dL; WBC: 6.1'. */
export function resultText(results: LabOrder['results']): string {
  if (results === null) return '';
  if (typeof results === 'string') return results;
  if (Array.isArray(results)) {
    return results
      .map((v) => {
        const flag = v.interpretation === 'H' ? ' (high)' : v.interpretation === 'L' ? ' (low)' : '';
        return `${String(v.name ?? v.analyte)}: ${String(v.value)}${v.unit ? ` ${String(v.unit)}` : ''}${flag}`;
      })
      .join('; ');
  }
  return Object.entries(results)
    .map(([name, value]) => `${name}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('; ');
}

export const medicationLine = (m: Medication) =>
  `${m.medicationName} ${m.dosage}, ${m.frequency} for ${m.duration} (qty ${m.quantity})`;

export const labStatusLabel = (o: LabOrder) =>
  o.status === 'completed' ? 'Completed' : o.status === 'in progress' ? 'In Progress' : 'Pending';

export type Dated<T> = T & { consultationId: string; consultationDate: string };

/** Every lab order of the consultations, newest order first. */
export function latestLabOrders(consultations: Consultation[], max: number): Dated<LabOrder>[] {
  return consultations
    .flatMap((c) => c.labOrders.map((o) => ({ ...o, consultationId: c.id, consultationDate: c.consultationDate })))
    .sort((a, b) => b.orderedAt.localeCompare(a.orderedAt))
    .slice(0, max);
}

/** The orders with results, newest result first. */
export function latestResults(consultations: Consultation[], max: number): Dated<LabOrder>[] {
  return consultations
    .flatMap((c) => c.labOrders.map((o) => ({ ...o, consultationId: c.id, consultationDate: c.consultationDate })))
    .filter((o) => o.completed && o.completedAt)
    .sort((a, b) => b.completedAt!.localeCompare(a.completedAt!))
    .slice(0, max);
}

/** The medications of the latest consultations (they come newest first), in the order prescribed. */
export function latestMedications(consultations: Consultation[], max: number): Dated<Medication>[] {
  return consultations
    .flatMap((c) => c.prescriptions.map((m) => ({ ...m, consultationId: c.id, consultationDate: c.consultationDate })))
    .slice(0, max);
}
