import type { EventMetadata } from '../../../platform/event-store/port';
import type { Platform } from '../../../platform/platform';
import { dispenseFromStock, isStockStream, MEDICATION_STOCK } from '../../pharmacy';
import { consultationStream } from '../consultation';
import { consultationDecider } from '../decider';
import { ConsultationNotFound } from '../errors';
import type { PrescriptionDispensed } from '../events';
import { CONSULTATIONS, findPrescription } from '../read-models/consultations';

/**
 * Dispenses a prescription's medications (all, or the indexes in `items`) in one commit: the
 * consultation's PrescriptionDispensed and the stock taken for each item. The consultation's
 * revision is expected, so of two concurrent dispensations one re-reads and finds the items done:
 * nothing is ever taken from stock twice. Short stock of any item refuses the whole request (409).
 */
export async function dispensePrescription(
  platform: Platform,
  metadata: EventMetadata,
  consultationId: string,
  items?: number[],
) {
  const { value: dispensed } = await platform.transact(
    metadata,
    async (uow) => {
      const consultation = await uow.load(consultationDecider, consultationStream(consultationId));
      const events = uow.decide(consultation, {
        type: 'DispensePrescription',
        consultationId,
        hospitalId: metadata.hospitalId,
        items,
      }) as PrescriptionDispensed[];
      const done = events[0]?.data.items ?? [];
      for (const item of done) {
        await dispenseFromStock(platform, uow, {
          name: item.medicationName,
          quantity: item.quantity,
          consultationId,
          prescriptionIndex: item.index,
          patientId: events[0]!.data.patientId,
        });
      }
      return done.map((i) => i.index);
    },
    // Pharmacists dispensing one drug race for its stock streams, not for each other's prescriptions:
    // such a race is decided again inside the command (a 409 is left for a real conflict, such as
    // a prescription another pharmacist just dispensed, or the last units gone).
    { waitFor: [{ name: CONSULTATIONS }, { name: MEDICATION_STOCK }], contended: isStockStream },
  );
  const prescription = await findPrescription(platform.db, metadata.hospitalId, consultationId);
  if (!prescription) throw new ConsultationNotFound();
  return { dispensed, prescription };
}
