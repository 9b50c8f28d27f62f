import { sql, type Selectable } from 'kysely';
import type { Database, Db } from '../../../platform/db/database';
import type { InvoiceCover } from '../events';
import './tables';

type HmoRow = Selectable<Database['billing_hmos']>;
type ClaimRow = Selectable<Database['billing_claims']>;
const iso = (v: Date | string) => new Date(v).toISOString();

export function toHmoView(r: HmoRow) {
  return {
    id: r.hmo_id,
    name: r.name,
    code: r.code,
    contact: r.contact,
    coverage: {
      consultation: Number(r.coverage_consultation),
      medication: Number(r.coverage_medication),
      lab: Number(r.coverage_lab),
    },
    active: r.active,
    updatedAt: iso(r.updated_at),
  };
}
export type HmoView = ReturnType<typeof toHmoView>;

export async function listHmos(db: Db, hospitalId: string) {
  const rows = await db
    .selectFrom('billing_hmos as h')
    .selectAll('h')
    .select((eb) =>
      eb
        .selectFrom('billing_enrollments as e')
        .whereRef('e.hmo_id', '=', 'h.hmo_id')
        .select(sql<string>`count(*)`.as('n'))
        .as('enrollees'),
    )
    .where('h.hospital_id', '=', hospitalId)
    .orderBy('h.name')
    .execute();
  return rows.map((r) => ({ ...toHmoView(r), enrollees: Number(r.enrollees ?? 0) }));
}

export async function findHmo(db: Db, hospitalId: string, hmoId: string) {
  const row = await db
    .selectFrom('billing_hmos')
    .selectAll()
    .where('hospital_id', '=', hospitalId)
    .where('hmo_id', '=', hmoId)
    .executeTakeFirst();
  return row ? toHmoView(row) : null;
}

/** The patient's enrollment as the browser shows it; null when not enrolled. */
export async function enrollmentOf(db: Db, hospitalId: string, patientId: string) {
  const row = await db
    .selectFrom('billing_enrollments as e')
    .innerJoin('billing_hmos as h', 'h.hmo_id', 'e.hmo_id')
    .selectAll('h')
    .select(['e.patient_id', 'e.patient_name', 'e.enrollee_number', 'e.enrolled_at'])
    .where('e.hospital_id', '=', hospitalId)
    .where('e.patient_id', '=', patientId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    patientId: row.patient_id,
    patientName: row.patient_name,
    enrolleeNumber: row.enrollee_number,
    enrolledAt: iso(row.enrolled_at),
    hmo: toHmoView(row),
  };
}
export type EnrollmentView = NonNullable<Awaited<ReturnType<typeof enrollmentOf>>>;

/** The cover an invoice raised now gets: the patient's HMO when it is active, else none. */
export async function coverFor(db: Db, hospitalId: string, patientId: string): Promise<InvoiceCover | null> {
  const e = await enrollmentOf(db, hospitalId, patientId);
  if (!e || !e.hmo.active) return null;
  return {
    hmoId: e.hmo.id,
    hmoName: e.hmo.name,
    hmoCode: e.hmo.code,
    enrolleeNumber: e.enrolleeNumber,
    coverage: e.hmo.coverage,
  };
}

export async function listEnrollees(db: Db, hospitalId: string, hmoId: string) {
  const rows = await db
    .selectFrom('billing_enrollments')
    .selectAll()
    .where('hospital_id', '=', hospitalId)
    .where('hmo_id', '=', hmoId)
    .orderBy('patient_name')
    .limit(500)
    .execute();
  return rows.map((r) => ({
    patientId: r.patient_id,
    patientName: r.patient_name,
    enrolleeNumber: r.enrollee_number,
    enrolledAt: iso(r.enrolled_at),
  }));
}

export function toClaimView(r: ClaimRow) {
  return {
    id: r.claim_id,
    claimNumber: r.claim_number,
    hmoId: r.hmo_id,
    hmoName: r.hmo_name,
    month: r.month,
    items: r.items.map((i) => ({
      ...i,
      paidKobo: i.paidKobo ?? null,
      rejectedKobo: i.rejectedKobo ?? null,
      reason: i.reason ?? null,
    })),
    totalKobo: Number(r.total_kobo),
    paidKobo: Number(r.paid_kobo),
    rejectedKobo: Number(r.rejected_kobo),
    status: r.status,
    submittedAt: iso(r.submitted_at),
    submittedBy: r.submitted_by,
    settledAt: r.settled_at ? iso(r.settled_at) : null,
  };
}
export type ClaimView = ReturnType<typeof toClaimView>;

export async function listClaims(db: Db, hospitalId: string, f: { hmoId?: string; status?: string }) {
  let q = db.selectFrom('billing_claims').selectAll().where('hospital_id', '=', hospitalId);
  if (f.hmoId) q = q.where('hmo_id', '=', f.hmoId);
  if (f.status) q = q.where('status', '=', f.status);
  const rows = await q.orderBy('submitted_at', 'desc').limit(200).execute();
  return rows.map(toClaimView);
}

export async function findClaim(db: Db, hospitalId: string, claimId: string) {
  const row = await db
    .selectFrom('billing_claims')
    .selectAll()
    .where('hospital_id', '=', hospitalId)
    .where('claim_id', '=', claimId)
    .executeTakeFirst();
  return row ? toClaimView(row) : null;
}

/** The HMO's invoices of a month with a share in no claim yet (the claim's candidates). */
export async function claimableInvoices(db: Db, hospitalId: string, hmoId: string, month: string) {
  return db
    .selectFrom('billing_invoices')
    .select(['invoice_id'])
    .where('hospital_id', '=', hospitalId)
    .where('hmo_id', '=', hmoId)
    .where('status', '!=', 'void')
    .where('created_on', 'like', `${month}-%`)
    .where(sql<boolean>`hmo_share_kobo - hmo_paid_kobo - hmo_pending_kobo > 0`)
    .orderBy('created_at')
    .limit(2000)
    .execute();
}
