import { csvCell } from '../../platform/http/csv';
import { patientNameOf, type AccessReportRows } from './read-models/access-report';

export const ACCESS_REPORT_CSV_HEADER =
  'actor_id,actor_name,actor_role,patient_id,patient_name,accesses,reads,writes,refusals,first_access,last_access';

/**
 * The access report as CSV, one line per person and patient. A report of 10,000 rows names a few
 * hundred people and patients: each one's cells are escaped once and reused, not 110,000 cells
 * each through csvCell's tests. The instants are `toISOString`'s text (digits, `-`, `:`, `.`, `T`,
 * `Z`), which csvCell leaves as they are, as it does the counts.
 */
export function accessReportCsv({ rows, names }: AccessReportRows): string {
  const actors = new Map<string, string>();
  const patients = new Map<string, string>();
  let out = `${ACCESS_REPORT_CSV_HEADER}\r\n`;
  for (const r of rows) {
    // A name is the largest in the window of each row: the same person may, rarely, have two.
    const actorKey = `${r.actor_id}\n${r.actor_name}\n${r.actor_role}`;
    let actor = actors.get(actorKey);
    if (actor === undefined) {
      actor = [r.actor_id, r.actor_name, r.actor_role].map(csvCell).join(',');
      actors.set(actorKey, actor);
    }
    let patient = patients.get(r.patient_id);
    if (patient === undefined) {
      patient = `${csvCell(r.patient_id)},${csvCell(patientNameOf(names, r.patient_id))}`;
      patients.set(r.patient_id, patient);
    }
    const total = Number(r.total);
    const reads = Number(r.reads);
    const refusals = Number(r.refusals);
    const writes = total - reads - refusals;
    out += `${actor},${patient},${total},${reads},${writes},${refusals},${r.first_at},${r.last_at}\r\n`;
  }
  return out;
}
