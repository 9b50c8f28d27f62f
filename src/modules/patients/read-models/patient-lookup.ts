import type { Db } from '../../../platform/db/database';
import { searchQuery } from './patients-queries';

/**
 * The billing desk's patient lookup (issue 34 §2): enough to pick the right person (name, hospital
 * number, phone, date of birth) and nothing clinical: no status, vitals, diagnosis or address.
 * The same trigram search as the patient list, so a name, number or phone finds them.
 */
export async function lookupPatients(db: Db, hospitalId: string, search: string, limit: number) {
  const { rows } = await db.executeQuery(searchQuery(hospitalId, search.trim(), { page: 1, limit }));
  return rows
    .filter((r) => r.patient_id !== null)
    .map((r) => ({
      id: r.patient_id,
      name: `${r.first_name} ${r.last_name}`,
      hospitalNumber: r.identification_number,
      phone: r.phone_number,
      dateOfBirth: r.date_of_birth,
    }));
}
