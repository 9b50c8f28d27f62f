import { defineProjection, emptyTables } from '../../../platform/projections/projection';
import { formatNaira } from '../../../shared/money';
import type { HmoEvent } from '../hmo-events';
import { activity } from './ledger';
import './tables';

export const BILLING_HMO = 'billing-hmo';

const json = <T>(v: T) => JSON.stringify(v) as unknown as T;

/** Inline, like the ledger: an enrollment counts for the very next invoice, a claim lists at once. */
export const billingHmoProjection = defineProjection<HmoEvent>({
  name: BILLING_HMO,
  inline: true,
  handlers: {
    HmoProviderSaved: async (trx, event) => {
      const d = event.data;
      const row = {
        hospital_id: d.hospitalId,
        name: d.name,
        code: d.code,
        contact: d.contact,
        coverage_consultation: d.coverage.consultation,
        coverage_medication: d.coverage.medication,
        coverage_lab: d.coverage.lab,
        active: d.active,
        updated_at: new Date(event.metadata.occurredAt),
      };
      await trx
        .insertInto('billing_hmos')
        .values({ hmo_id: d.hmoId, ...row })
        .onConflict((oc) => oc.column('hmo_id').doUpdateSet(row))
        .execute();
      await activity(trx, event, 'HMO Saved', `HMO ${d.name} (${d.code}) saved${d.active ? '' : ', inactive'}`);
    },
    PatientHmoEnrolled: async (trx, event) => {
      const d = event.data;
      const row = {
        hospital_id: d.hospitalId,
        patient_name: d.patientName,
        hmo_id: d.hmoId,
        enrollee_number: d.enrolleeNumber,
        enrolled_at: new Date(event.metadata.occurredAt),
      };
      await trx
        .insertInto('billing_enrollments')
        .values({ patient_id: d.patientId, ...row })
        .onConflict((oc) => oc.column('patient_id').doUpdateSet(row))
        .execute();
      await activity(
        trx,
        event,
        'HMO Enrollment',
        `${d.patientName} enrolled with ${d.hmoName} (enrollee ${d.enrolleeNumber})`,
      );
    },
    PatientHmoEnrollmentEnded: async (trx, event) => {
      const d = event.data;
      await trx.deleteFrom('billing_enrollments').where('patient_id', '=', d.patientId).execute();
      await activity(trx, event, 'HMO Enrollment', `${d.patientName}'s HMO enrollment ended`);
    },
    ClaimSubmitted: async (trx, event) => {
      const d = event.data;
      await trx
        .insertInto('billing_claims')
        .values({
          claim_id: d.claimId,
          hospital_id: d.hospitalId,
          claim_number: d.claimNumber,
          hmo_id: d.hmoId,
          hmo_name: d.hmoName,
          month: d.month,
          items: json(d.items),
          total_kobo: d.totalKobo,
          paid_kobo: 0,
          rejected_kobo: 0,
          status: 'submitted',
          submitted_at: new Date(event.metadata.occurredAt),
          submitted_by: event.metadata.actor.name,
          settled_at: null,
        })
        .onConflict((oc) => oc.column('claim_id').doNothing())
        .execute();
      const what = `${d.items.length} item${d.items.length === 1 ? '' : 's'}, ${formatNaira(d.totalKobo)}`;
      await activity(trx, event, 'Claim Submitted', `${d.claimNumber} to ${d.hmoName} for ${d.month}: ${what}`);
    },
    ClaimSettled: async (trx, event) => {
      const d = event.data;
      const claim = await trx
        .selectFrom('billing_claims')
        .select(['items', 'hmo_name'])
        .where('claim_id', '=', d.claimId)
        .executeTakeFirst();
      if (!claim) return;
      const outcomes = new Map(d.items.map((o) => [o.invoiceId, o]));
      const items = claim.items.map((i) => ({ ...i, ...outcomes.get(i.invoiceId) }));
      await trx
        .updateTable('billing_claims')
        .set({
          items: json(items),
          paid_kobo: d.paidKobo,
          rejected_kobo: d.rejectedKobo,
          status: d.status,
          settled_at: new Date(event.metadata.occurredAt),
        })
        .where('claim_id', '=', d.claimId)
        .execute();
      const rejected = d.rejectedKobo ? `, ${formatNaira(d.rejectedKobo)} rejected` : '';
      await activity(
        trx,
        event,
        'Claim Settled',
        `${d.claimNumber} from ${claim.hmo_name}: ${formatNaira(d.paidKobo)} paid${rejected}`,
      );
    },
  },
  reset: (trx) => emptyTables(trx, ['billing_hmos', 'billing_enrollments', 'billing_claims']),
});
