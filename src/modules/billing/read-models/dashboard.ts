import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database';
import { PAYMENT_METHODS, type PaymentMethod } from '../events';
import './tables';

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The billing dashboard's key metrics (spec-2 §2), on the hospital's calendar: invoices raised
 * today (void ones included: they were generated), payments received today and this month, and
 * what is still owed on invoices that are not void.
 */
export async function billingMetrics(db: Db, hospitalId: string, today: string) {
  const monthStart = `${today.slice(0, 7)}-01`;
  const [invoices, payments, outstanding] = await Promise.all([
    db
      .selectFrom('billing_invoices')
      .select(sql<string>`count(*)`.as('n'))
      .where('hospital_id', '=', hospitalId)
      .where('created_on', '=', today)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('billing_payments')
      .select([
        sql<string>`coalesce(sum(amount_kobo) filter (where received_on = ${today}), 0)`.as('today'),
        sql<string>`coalesce(sum(amount_kobo), 0)`.as('month'),
      ])
      .where('hospital_id', '=', hospitalId)
      .where('received_on', '>=', monthStart)
      .where('received_on', '<=', today)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('billing_invoices')
      .select([sql<string>`coalesce(sum(total_kobo - paid_kobo), 0)`.as('kobo'), sql<string>`count(*)`.as('n')])
      .where('hospital_id', '=', hospitalId)
      .where('status', 'in', ['unpaid', 'part-paid'])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    invoicesToday: Number(invoices.n),
    paymentsTodayKobo: Number(payments.today),
    paymentsMonthKobo: Number(payments.month),
    outstandingKobo: Number(outstanding.kobo),
    outstandingInvoices: Number(outstanding.n),
  };
}

export type DayOfPayments = { date: string } & Record<PaymentMethod, number>;

/** Kobo received per day and method for the `days` days up to today, oldest first, every day present. */
export async function paymentsPerDay(db: Db, hospitalId: string, today: string, days = 30): Promise<DayOfPayments[]> {
  const first = addDays(today, -(days - 1));
  const rows = await db
    .selectFrom('billing_payments')
    .select(['received_on', 'method', sql<string>`sum(amount_kobo)`.as('kobo')])
    .where('hospital_id', '=', hospitalId)
    .where('received_on', '>=', first)
    .where('received_on', '<=', today)
    .groupBy(['received_on', 'method'])
    .execute();
  const series: DayOfPayments[] = Array.from({ length: days }, (_, i) => ({
    date: addDays(first, i),
    cash: 0,
    pos: 0,
    transfer: 0,
    hmo: 0,
  }));
  for (const r of rows) {
    const day = series.find((d) => d.date === r.received_on);
    if (day && (PAYMENT_METHODS as readonly string[]).includes(r.method)) {
      day[r.method as PaymentMethod] = Number(r.kobo);
    }
  }
  return series;
}

/** Recent Activity, newest first (10 per page by default). */
export async function recentActivity(db: Db, hospitalId: string, page: number, limit: number) {
  const q = db.selectFrom('billing_activity').where('hospital_id', '=', hospitalId);
  const [rows, count] = await Promise.all([
    q
      .selectAll()
      // The patient a row's description names, for the access trail.
      .select((eb) =>
        eb
          .selectFrom('billing_invoices as i')
          .select('i.patient_id')
          .whereRef('i.invoice_id', '=', 'billing_activity.invoice_id')
          .where('i.hospital_id', '=', hospitalId)
          .as('patient_id'),
      )
      .orderBy('at', 'desc')
      .orderBy('event_id')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    q.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    activities: rows.map((r) => ({
      id: r.event_id,
      date: new Date(r.at).toISOString(),
      activityType: r.activity_type,
      description: r.description,
      performedBy: r.performed_by,
      invoiceId: r.invoice_id,
      patientId: r.patient_id,
    })),
    total: Number(count.n),
  };
}
