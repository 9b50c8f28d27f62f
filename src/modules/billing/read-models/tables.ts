import type { InvoiceLine } from '../events';

/** Billing's read-model tables (migration 0700-billing-ledger), written only by the ledger projection. */
declare module '../../../platform/db/database' {
  interface Database {
    billing_invoices: {
      invoice_id: string;
      hospital_id: string;
      patient_id: string;
      patient_name: string;
      consultation_id: string | null;
      doctor_name: string | null;
      lines: InvoiceLine[];
      /** bigint columns: read back as strings. */
      total_kobo: number | string;
      paid_kobo: number | string;
      status: string;
      void_reason: string | null;
      created_at: Date | string;
      created_on: string;
      updated_at: Date | string;
      version: number;
    };
    billing_payments: {
      payment_id: string;
      hospital_id: string;
      invoice_id: string;
      patient_id: string;
      patient_name: string;
      amount_kobo: number | string;
      method: string;
      reference: string | null;
      receipt_number: string;
      received_by: string;
      received_at: Date | string;
      received_on: string;
      idempotency_key: string | null;
    };
    billing_activity: {
      event_id: string;
      hospital_id: string;
      at: Date | string;
      activity_type: string;
      description: string;
      performed_by: string;
      invoice_id: string | null;
    };
    billing_prices: {
      hospital_id: string;
      kind: 'medication' | 'lab';
      key: string;
      name: string;
      price_kobo: number | string;
    };
  }
}

export {};
