import { z } from 'zod';
import { endpoint } from './endpoint';

/**
 * The answers of /api/billing (money in whole kobo, integers), declared once for the routes and the browser.
 * The request bodies and queries stay with the routes (src/modules/billing), where they read naira and dates.
 */

export const LINE_KINDS = ['consultation', 'charge', 'medication', 'lab', 'other'] as const;
export const PAYMENT_METHODS = ['cash', 'pos', 'transfer', 'hmo'] as const;
export const INVOICE_STATUSES = ['unpaid', 'part-paid', 'paid', 'void'] as const;
export const REVENUE_GROUPINGS = ['day', 'month', 'service', 'payer'] as const;
export const PRICE_KINDS = ['medication', 'lab', 'service'] as const;

export const billingIdParams = z.object({ id: z.string().trim().min(1).max(100) });

const kobo = z.number().int().min(0);

// ─── Invoices and payments
export const invoiceLineAnswer = z.object({
  lineId: z.string(),
  kind: z.enum(LINE_KINDS),
  description: z.string(),
  quantity: z.number().int().min(1),
  unitPriceKobo: kobo,
  amountKobo: kobo,
  /** What raised it (`consultation:<id>`, `lab:<labRequestId>` …); null for a line typed by hand. */
  source: z.string().nullable(),
  /** The HMO's share of the line; absent: none. */
  hmoKobo: kobo.optional(),
});

export const pagination = z.object({
  currentPage: z.number(),
  totalPages: z.number(),
  totalRecords: z.number(),
  hasPrev: z.boolean(),
  hasNext: z.boolean(),
});

export const payment = z.object({
  id: z.string(),
  invoiceId: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  amountKobo: z.number(),
  method: z.string(),
  reference: z.string().nullable(),
  receiptNumber: z.string(),
  receivedBy: z.string(),
  receivedAt: z.string(),
  payer: z.enum(['hmo', 'patient']),
});

export const invoice = z.object({
  id: z.string(),
  number: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  consultationId: z.string().nullable(),
  doctorName: z.string().nullable(),
  lines: z.array(invoiceLineAnswer),
  totalKobo: z.number(),
  paidKobo: z.number(),
  balanceKobo: z.number(),
  /** The HMO split: null when the patient pays it all. */
  hmo: z.object({ id: z.string(), name: z.string(), enrolleeNumber: z.string() }).nullable(),
  hmoShareKobo: z.number(),
  hmoPaidKobo: z.number(),
  /** The part of the HMO's balance in a submitted claim: settled by the claim, not by a payment. */
  hmoPendingKobo: z.number(),
  hmoBalanceKobo: z.number(),
  patientShareKobo: z.number(),
  patientBalanceKobo: z.number(),
  status: z.enum(INVOICE_STATUSES),
  voidReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});
export const invoiceDetail = invoice.extend({ payments: z.array(payment) });
export const receipt = payment.extend({ invoice: invoiceDetail.nullable() });

export const invoicesEndpoint = endpoint({
  method: 'GET',
  path: '/billing/invoices',
  data: z.object({ invoices: z.array(invoice), pagination }),
});

export const invoiceEndpoint = endpoint({
  method: 'GET',
  path: '/billing/invoices/:id',
  params: billingIdParams,
  data: z.object({ invoice: invoiceDetail }),
});

export const voidInvoiceEndpoint = endpoint({
  method: 'POST',
  path: '/billing/invoices/:id/void',
  params: billingIdParams,
  data: z.object({ invoice: invoiceDetail }),
});

/** 201 when recorded, 200 when the Idempotency-Key names a payment already recorded. */
export const recordPaymentEndpoint = endpoint({
  method: 'POST',
  path: '/billing/invoices/:id/payments',
  params: billingIdParams,
  data: z.object({ payment, invoice: invoiceDetail }),
});

export const paymentsEndpoint = endpoint({
  method: 'GET',
  path: '/billing/payments',
  data: z.object({
    payments: z.array(payment),
    pagination,
    totalKobo: z.number(),
    days: z.array(
      z.object({
        date: z.string(),
        totalKobo: z.number(),
        count: z.number(),
        byMethod: z.record(z.string(), z.number()),
      }),
    ),
  }),
});

export const receiptEndpoint = endpoint({
  method: 'GET',
  path: '/billing/payments/:id',
  params: billingIdParams,
  data: z.object({ receipt }),
});

/** A ₦0 line priced on the invoice (a line with a price is refused, 409). */
export const priceInvoiceLineEndpoint = endpoint({
  method: 'POST',
  path: '/billing/invoices/:id/lines/:lineId/price',
  params: z.object({ id: z.string().trim().min(1).max(100), lineId: z.string().trim().min(1).max(100) }),
  data: z.object({ invoice: invoiceDetail }),
});

// ─── The billing dashboard
export const billingDashboardEndpoint = endpoint({
  method: 'GET',
  path: '/billing/dashboard',
  data: z.object({
    metrics: z.object({
      invoicesToday: z.number(),
      paymentsTodayKobo: z.number(),
      paymentsMonthKobo: z.number(),
      outstandingKobo: z.number(),
      outstandingInvoices: z.number(),
    }),
    paymentsPerDay: z.array(
      z.object({ date: z.string(), cash: z.number(), pos: z.number(), transfer: z.number(), hmo: z.number() }),
    ),
  }),
});

/** Recent Activity, newest first. Its page query is the server's. */
export const billingActivityEndpoint = endpoint({
  method: 'GET',
  path: '/billing/activity',
  data: z.object({
    activities: z.array(
      z.object({
        id: z.string(),
        date: z.string(),
        activityType: z.string(),
        description: z.string(),
        performedBy: z.string(),
        invoiceId: z.string().nullable(),
        patientId: z.string().nullable(),
      }),
    ),
    pagination,
  }),
});

// ─── The price list (issue 34 §1)
const priceList = z.object({
  items: z.array(
    z.object({
      kind: z.enum(PRICE_KINDS),
      key: z.string(),
      name: z.string(),
      detail: z.string(),
      priceKobo: z.number().nullable(),
    }),
  ),
  unpriced: z.object({ labTests: z.number(), medications: z.number() }),
});
export const priceListEndpoint = endpoint({ method: 'GET', path: '/billing/price-list', data: priceList });
export const setPricesEndpoint = endpoint({
  method: 'PUT',
  path: '/billing/price-list',
  data: priceList.extend({ changed: z.number() }),
});

// ─── Reports
const figures = { invoices: z.number(), invoicedKobo: z.number(), paidKobo: z.number(), outstandingKobo: z.number() };
export const revenueEndpoint = endpoint({
  method: 'GET',
  path: '/billing/reports/revenue',
  data: z.object({
    groupBy: z.enum(REVENUE_GROUPINGS),
    from: z.string(),
    to: z.string(),
    rows: z.array(z.object({ key: z.string(), label: z.string(), ...figures })),
    totals: z.object(figures),
  }),
});

const aging = z.object({ d0_30: z.number(), d31_60: z.number(), d61_90: z.number(), d90plus: z.number() });
export const outstandingEndpoint = endpoint({
  method: 'GET',
  path: '/billing/reports/outstanding',
  data: z.object({
    by: z.enum(['patient', 'hmo']),
    rows: z.array(aging.extend({ id: z.string(), name: z.string(), invoices: z.number(), totalKobo: z.number() })),
    totals: aging.extend({ totalKobo: z.number() }),
  }),
});

// ─── HMOs, enrollments and claims
export const hmoAnswer = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  contact: z.string().nullable(),
  coverage: z.object({ consultation: z.number(), medication: z.number(), lab: z.number() }),
  active: z.boolean(),
  updatedAt: z.string(),
});
const enrollee = z.object({
  patientId: z.string(),
  patientName: z.string(),
  enrolleeNumber: z.string(),
  enrolledAt: z.string(),
});
export const enrollmentAnswer = enrollee.extend({ hmo: hmoAnswer });

export const hmosEndpoint = endpoint({
  method: 'GET',
  path: '/billing/hmos',
  data: z.object({ hmos: z.array(hmoAnswer.extend({ enrollees: z.number() })) }),
});
export const createHmoEndpoint = endpoint({
  method: 'POST',
  path: '/billing/hmos',
  data: z.object({ hmo: hmoAnswer }),
});
export const hmoEndpoint = endpoint({
  method: 'GET',
  path: '/billing/hmos/:id',
  params: billingIdParams,
  data: z.object({ hmo: hmoAnswer, enrollees: z.array(enrollee) }),
});
export const updateHmoEndpoint = endpoint({
  method: 'PUT',
  path: '/billing/hmos/:id',
  params: billingIdParams,
  data: z.object({ hmo: hmoAnswer }),
});

export const enrollmentEndpoint = endpoint({
  method: 'GET',
  path: '/billing/patients/:id/hmo',
  params: billingIdParams,
  data: z.object({ enrollment: enrollmentAnswer.nullable() }),
});
export const enrollEndpoint = endpoint({
  method: 'PUT',
  path: '/billing/patients/:id/hmo',
  params: billingIdParams,
  data: z.object({ enrollment: enrollmentAnswer.nullable() }),
});
export const endEnrollmentEndpoint = endpoint({
  method: 'DELETE',
  path: '/billing/patients/:id/hmo',
  params: billingIdParams,
  data: z.object({ enrollment: z.null() }),
});

export const claimAnswer = z.object({
  id: z.string(),
  claimNumber: z.string(),
  hmoId: z.string(),
  hmoName: z.string(),
  month: z.string(),
  items: z.array(
    z.object({
      invoiceId: z.string(),
      invoiceNumber: z.string(),
      patientId: z.string(),
      patientName: z.string(),
      enrolleeNumber: z.string(),
      invoiceDate: z.string(),
      amountKobo: z.number(),
      paidKobo: z.number().nullable(),
      rejectedKobo: z.number().nullable(),
      reason: z.string().nullable(),
    }),
  ),
  totalKobo: z.number(),
  paidKobo: z.number(),
  rejectedKobo: z.number(),
  status: z.string(),
  submittedAt: z.string(),
  submittedBy: z.string(),
  settledAt: z.string().nullable(),
});

export const claimsEndpoint = endpoint({
  method: 'GET',
  path: '/billing/claims',
  data: z.object({ claims: z.array(claimAnswer) }),
});
export const submitClaimEndpoint = endpoint({
  method: 'POST',
  path: '/billing/claims',
  data: z.object({ claim: claimAnswer }),
});
export const claimEndpoint = endpoint({
  method: 'GET',
  path: '/billing/claims/:id',
  params: billingIdParams,
  data: z.object({ claim: claimAnswer }),
});
export const settleClaimEndpoint = endpoint({
  method: 'POST',
  path: '/billing/claims/:id/settle',
  params: billingIdParams,
  data: z.object({ claim: claimAnswer }),
});

/** The billing desk's patient lookup (issue 34 §2): name, hospital number, phone and date of birth, nothing clinical. */
export const billingPatientsEndpoint = endpoint({
  method: 'GET',
  path: '/billing/patients',
  data: z.object({
    patients: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        hospitalNumber: z.string(),
        phone: z.string(),
        dateOfBirth: z.string(),
      }),
    ),
  }),
});
