import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database';

/**
 * The pharmacist's Recent Dispensation Activity (product-spec-1 §2): one entry per dispensation
 * (a PrescriptionDispensed event), newest first, each item with the dosage it was prescribed at
 * and the prescription's standing now (Completed once nothing of it is left to dispense).
 */
export async function dispensationActivity(db: Db, hospitalId: string, page: number, limit: number) {
  const base = db.selectFrom('prescription_dispensations').where('hospital_id', '=', hospitalId);
  const [{ n }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy('dispensed_at', 'desc')
      .orderBy('event_id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
  ]);
  const ids = [...new Set(rows.map((r) => r.consultation_id))];
  const prescriptions = ids.length
    ? await db
        .selectFrom('consultations')
        .select(['consultation_id', 'medications', 'has_pending'])
        .where('hospital_id', '=', hospitalId)
        .where('consultation_id', 'in', ids)
        .execute()
    : [];
  const byId = new Map(prescriptions.map((p) => [p.consultation_id, p]));
  const dispensations = rows.map((r) => {
    const prescription = byId.get(r.consultation_id);
    return {
      id: r.event_id,
      consultationId: r.consultation_id,
      patientId: r.patient_id,
      patientName: r.patient_name,
      prescribedBy: r.prescribed_by,
      dispensedBy: r.dispensed_by,
      dispensedAt: new Date(r.dispensed_at).toISOString(),
      status: prescription?.has_pending ? ('Partially Dispensed' as const) : ('Completed' as const),
      medications: r.items.map((i) => ({
        name: i.medicationName,
        dosage: prescription?.medications[i.index]?.dosage ?? null,
        quantity: i.quantity,
      })),
    };
  });
  return { dispensations, total: Number(n) };
}

/** Items handed out since the hospital began (the dashboard's Dispensed Medications). */
export async function countDispensedItems(db: Db, hospitalId: string): Promise<number> {
  const row = await db
    .selectFrom('prescription_dispensations')
    .select(sql<string>`coalesce(sum(item_count), 0)`.as('n'))
    .where('hospital_id', '=', hospitalId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
