import type { Db } from '../../../platform/db/database';
import type { EventStore } from '../../../platform/event-store/port';
import { chartOrder, labRequestStream, replayLabRequest, toLabRequestView } from '../../laboratory';
import { hospitalTimeZone } from '../../hospitals';
import { patientStream, replayPatient } from '../../patients';
import { consultationStream } from '../consultation';
import { consultationView, replayConsultation, type ConsultationRow } from './consultation-rows';

/**
 * A patient's consultation list as GET /api/consultations/patient/:id answered it at `asOf`:
 * each consultation and each of its lab requests folded from its own stream, up to that instant,
 * so a dispensing, a result or a consultation made later is not in it. The consultations table
 * only says which streams to read (a consultation is never removed, so it names every one that
 * ever existed). Null when the patient was not this hospital's, not registered yet, or deleted then.
 */
const LIMIT = 500;

export async function consultationsAsOf(db: Db, store: EventStore, hospitalId: string, patientId: string, asOf: Date) {
  const patientEvents = await store.readStream(patientStream(patientId));
  if (patientEvents[0]?.metadata.hospitalId !== hospitalId) return null;
  const timeZone = await hospitalTimeZone(db, hospitalId);
  const patient = replayPatient(patientEvents, asOf, timeZone);
  if (!patient || patient.deleted) return null;

  const ids = await db
    .selectFrom('consultations')
    .select('consultation_id')
    .where('hospital_id', '=', hospitalId)
    .where('patient_id', '=', patientId)
    .where('recorded_at', '<=', asOf)
    .execute();
  const rows = (
    await Promise.all(
      ids.map(async ({ consultation_id }) =>
        replayConsultation(await store.readStream(consultationStream(consultation_id)), asOf),
      ),
    )
  ).filter((r): r is ConsultationRow => r !== null);
  rows.sort(
    (a, b) =>
      new Date(b.recorded_at).getTime() - new Date(a.recorded_at).getTime() ||
      (a.consultation_id < b.consultation_id ? 1 : a.consultation_id > b.consultation_id ? -1 : 0),
  );
  return Promise.all(
    rows.slice(0, LIMIT).map(async (row) => {
      const labs = await Promise.all(
        row.record.labOrders.map(async (o) =>
          replayLabRequest(await store.readStream(labRequestStream(o.labRequestId)), asOf, timeZone),
        ),
      );
      const labOrders = labs
        .filter((l) => l !== null)
        .sort(chartOrder)
        .map(toLabRequestView);
      return { ...consultationView(row), labOrders };
    }),
  );
}
