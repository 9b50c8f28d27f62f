import { sql, type Selectable } from 'kysely';
import type { Database, Db } from '../../../platform/db/database';
import type { InvoiceStatus } from '../invoice';
import './tables';

type InvoiceRow = Selectable<Database['billing_invoices']>;
type PaymentRow = Selectable<Database['billing_payments']>;
const iso = (v: Date | string) => new Date(v).toISOString();

export function toPaymentView(r: PaymentRow) {
  return {
    id: r.payment_id,
    invoiceId: r.invoice_id,
    patientId: r.patient_id,
    patientName: r.patient_name,
    amountKobo: Number(r.amount_kobo),
    method: r.method,
    reference: r.reference,
    receiptNumber: r.receipt_number,
    receivedBy: r.received_by,
    receivedAt: iso(r.received_at),
    payer: r.payer === 'hmo' ? ('hmo' as const) : ('patient' as const),
  };
}
export type PaymentView = ReturnType<typeof toPaymentView>;

export function toInvoiceView(r: InvoiceRow) {
  const totalKobo = Number(r.total_kobo);
  const paidKobo = Number(r.paid_kobo);
  const hmoShareKobo = Number(r.hmo_share_kobo);
  const hmoPaidKobo = Number(r.hmo_paid_kobo);
  const isVoid = r.status === 'void';
  return {
    id: r.invoice_id,
    /** A short number to read out at the desk: the id's first 8 characters. */
    number: `INV-${r.invoice_id.slice(0, 8).toUpperCase()}`,
    patientId: r.patient_id,
    patientName: r.patient_name,
    consultationId: r.consultation_id,
    doctorName: r.doctor_name,
    lines: r.lines,
    totalKobo,
    paidKobo,
    balanceKobo: isVoid ? 0 : Math.max(0, totalKobo - paidKobo),
    /** The split: null when the patient pays it all. */
    hmo: r.hmo_id ? { id: r.hmo_id, name: r.hmo_name ?? '', enrolleeNumber: r.enrollee_number ?? '' } : null,
    hmoShareKobo,
    hmoPaidKobo,
    hmoPendingKobo: Number(r.hmo_pending_kobo),
    hmoBalanceKobo: isVoid ? 0 : hmoShareKobo - hmoPaidKobo,
    patientShareKobo: totalKobo - hmoShareKobo,
    patientBalanceKobo: isVoid ? 0 : totalKobo - hmoShareKobo - (paidKobo - hmoPaidKobo),
    status: r.status as InvoiceStatus,
    voidReason: r.void_reason,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    version: r.version,
  };
}
export type InvoiceView = ReturnType<typeof toInvoiceView>;

export type InvoiceFilters = {
  status?: InvoiceStatus;
  patientId?: string;
  /** Patient name or invoice number, any case. */
  search?: string;
  /** Hospital dates (YYYY-MM-DD), inclusive. */
  from?: string;
  to?: string;
};

const like = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The hospital's invoices, newest first, filtered; with the count for pagination. */
export async function listInvoices(db: Db, hospitalId: string, f: InvoiceFilters, page: number, limit: number) {
  let q = db.selectFrom('billing_invoices').where('hospital_id', '=', hospitalId);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.patientId) q = q.where('patient_id', '=', f.patientId);
  if (f.from) q = q.where('created_on', '>=', f.from);
  if (f.to) q = q.where('created_on', '<=', f.to);
  if (f.search) {
    const term = like(f.search.replace(/^inv-/i, ''));
    q = q.where((eb) => eb.or([eb(sql`lower(patient_name)`, 'like', term), eb('invoice_id', 'like', term)]));
  }
  const [rows, count] = await Promise.all([
    q
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('invoice_id')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { invoices: rows.map(toInvoiceView), total: Number(count.n) };
}

/** One invoice with its payments, oldest first; null when it is not this hospital's. */
export async function findInvoice(db: Db, hospitalId: string, invoiceId: string) {
  const row = await db
    .selectFrom('billing_invoices')
    .selectAll()
    .where('hospital_id', '=', hospitalId)
    .where('invoice_id', '=', invoiceId)
    .executeTakeFirst();
  if (!row) return null;
  const payments = await db
    .selectFrom('billing_payments')
    .selectAll()
    .where('invoice_id', '=', invoiceId)
    .orderBy('received_at')
    .orderBy('receipt_number')
    .execute();
  return { ...toInvoiceView(row), payments: payments.map(toPaymentView) };
}

/** A payment with what its receipt prints of the invoice. */
export async function findPayment(db: Db, hospitalId: string, paymentId: string) {
  const row = await db
    .selectFrom('billing_payments')
    .selectAll()
    .where('hospital_id', '=', hospitalId)
    .where('payment_id', '=', paymentId)
    .executeTakeFirst();
  if (!row) return null;
  const invoice = await findInvoice(db, hospitalId, row.invoice_id);
  return { ...toPaymentView(row), invoice };
}

export type PaymentFilters = { from?: string; to?: string; method?: string; patientId?: string };

/**
 * The payments ledger, newest first, with its totals per day per method (the end-of-day
 * cash-up) over the whole filtered range, not only the page.
 */
export async function listPayments(db: Db, hospitalId: string, f: PaymentFilters, page: number, limit: number) {
  let q = db.selectFrom('billing_payments').where('hospital_id', '=', hospitalId);
  if (f.from) q = q.where('received_on', '>=', f.from);
  if (f.to) q = q.where('received_on', '<=', f.to);
  if (f.method) q = q.where('method', '=', f.method);
  if (f.patientId) q = q.where('patient_id', '=', f.patientId);
  const [rows, count, days] = await Promise.all([
    q
      .selectAll()
      .orderBy('received_at', 'desc')
      .orderBy('receipt_number', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    q
      .select((eb) => [eb.fn.countAll<string>().as('n'), sql<string>`coalesce(sum(amount_kobo), 0)`.as('kobo')])
      .executeTakeFirstOrThrow(),
    q
      .select(['received_on', 'method', sql<string>`sum(amount_kobo)`.as('kobo'), sql<string>`count(*)`.as('n')])
      .groupBy(['received_on', 'method'])
      .orderBy('received_on', 'desc')
      .limit(1000)
      .execute(),
  ]);
  const byDay = new Map<string, { date: string; totalKobo: number; byMethod: Record<string, number>; count: number }>();
  for (const d of days) {
    const day = byDay.get(d.received_on) ?? { date: d.received_on, totalKobo: 0, byMethod: {}, count: 0 };
    day.byMethod[d.method] = Number(d.kobo);
    day.totalKobo += Number(d.kobo);
    day.count += Number(d.n);
    byDay.set(d.received_on, day);
  }
  return {
    payments: rows.map(toPaymentView),
    total: Number(count.n),
    totalKobo: Number(count.kobo),
    days: [...byDay.values()],
  };
}

/** The payment a client's Idempotency-Key made, if any. */
export async function paymentIdByKey(db: Db, hospitalId: string, key: string) {
  const row = await db
    .selectFrom('billing_payments')
    .select('payment_id')
    .where('hospital_id', '=', hospitalId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row?.payment_id ?? null;
}
