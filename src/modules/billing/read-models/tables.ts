import type { InvoiceLine } from '../events';
import type { ClaimItem, ClaimItemOutcome } from '../hmo-events';

/** Billing's read-model tables (migration 0031-billing-ledger), written only by the ledger projection. */
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
      hmo_id: string | null;
      hmo_name: string | null;
      enrollee_number: string | null;
      hmo_share_kobo: number | string;
      hmo_paid_kobo: number | string;
      hmo_pending_kobo: number | string;
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
      payer: string;
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
      kind: 'medication' | 'lab' | 'service';
      key: string;
      name: string;
      price_kobo: number | string;
    };
    billing_hmos: {
      hmo_id: string;
      hospital_id: string;
      name: string;
      code: string;
      contact: string | null;
      /** numeric columns: read back as strings. */
      coverage_consultation: number | string;
      coverage_medication: number | string;
      coverage_lab: number | string;
      active: boolean;
      updated_at: Date | string;
    };
    billing_enrollments: {
      patient_id: string;
      hospital_id: string;
      patient_name: string;
      hmo_id: string;
      enrollee_number: string;
      enrolled_at: Date | string;
    };
    billing_claims: {
      claim_id: string;
      hospital_id: string;
      claim_number: string;
      hmo_id: string;
      hmo_name: string;
      month: string;
      items: (ClaimItem & Partial<ClaimItemOutcome>)[];
      total_kobo: number | string;
      paid_kobo: number | string;
      rejected_kobo: number | string;
      status: string;
      submitted_at: Date | string;
      submitted_by: string;
      settled_at: Date | string | null;
    };
  }
}

export {};
