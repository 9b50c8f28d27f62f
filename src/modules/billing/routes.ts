import { z } from 'zod';
import { listRead, patientIdsIn } from '../../platform/http/access-trail';
import { ok, success } from '../../platform/http/envelope';
import type { HttpApp, Platform } from '../../platform/platform';
import { hospitalToday } from '../hospitals';
import { afterInvoicing } from './commands/after-invoicing';
import { raiseManualInvoice, voidInvoice } from './commands/invoices';
import { invoiceWithPayments, recordPayment } from './commands/payments';
import { setPriceList } from './commands/prices';
import { PaymentNotFound } from './errors';
import { claimRoutes } from './claim-routes';
import { hmoRoutes } from './hmo-routes';
import { lookupRoutes } from './lookup-routes';
import { priceRoutes } from './price-routes';
import { reportRoutes } from './report-routes';
import { stockPriceRoutes } from './stock-price-routes';
import { BILLING_MODULE, BILLING_ONLY, BILLING_ROLES } from './roles';
import { billingMetrics, paymentsPerDay, recentActivity } from './read-models/dashboard';
import { findPayment, listInvoices, listPayments } from './read-models/invoice-queries';
import { getPriceList } from './read-models/prices';
import {
  idempotencyHeaders,
  invoiceDetailSchema,
  invoiceListQuery,
  manualInvoiceBody,
  pageQuery,
  paginationOf,
  paymentBody,
  paymentListQuery,
  priceListBody,
  priceListSchema,
  voidBody,
} from './schemas';
import {
  invoiceEndpoint,
  invoicesEndpoint,
  paymentsEndpoint,
  receiptEndpoint,
  recordPaymentEndpoint,
  voidInvoiceEndpoint,
} from '../../shared/api/billing';
import { billingActivityEndpoint, billingDashboardEndpoint } from '../../shared/api/billing';

export { BILLING_ONLY } from './roles';

export function billingRoutes(app: HttpApp, platform: Platform) {
  const billing = platform.auth(BILLING_ROLES, BILLING_ONLY);
  const security = [{ bearer: [] }];
  const tags = ['Billing'];
  const invoiceAudit = { audit: { subject: 'invoice', idParam: 'id', what: 'invoice', reads: false } };
  hmoRoutes(app, platform);
  lookupRoutes(app, platform);
  priceRoutes(app, platform);
  stockPriceRoutes(app, platform);
  claimRoutes(app, platform);
  reportRoutes(app, platform);

  app.get(
    '/billing/prices',
    {
      onRequest: billing,
      config: BILLING_MODULE,
      schema: { tags, security, summary: 'The price list (kobo)', response: { 200: ok(priceListSchema) } },
    },
    async (request) => success(await getPriceList(platform.db, request.auth!.hospitalId)),
  );

  app.put(
    '/billing/prices',
    {
      onRequest: billing,
      config: BILLING_MODULE,
      schema: {
        tags,
        security,
        summary: 'Replace the price list: medications by name, lab tests by code (prices in naira)',
        body: priceListBody,
        response: { 200: ok(priceListSchema) },
      },
    },
    async (request) => {
      const { medications, labTests } = request.body;
      const prices = await setPriceList(platform, platform.metadataFor(request), {
        medications: medications.map((m) => ({ name: m.name, priceKobo: m.price })),
        labTests: labTests.map((t) => ({ code: t.code, name: t.name, priceKobo: t.price })),
      });
      return success(prices, 'Price list saved');
    },
  );

  app.get(
    invoicesEndpoint.path,
    {
      onRequest: billing,
      config: { ...BILLING_MODULE, audit: listRead('invoice', 'list') },
      schema: {
        tags,
        security,
        summary: 'Invoices, newest first: by status, patient, dates (YYYY-MM-DD) or a search',
        querystring: invoiceListQuery,
        response: { 200: invoicesEndpoint.response },
      },
    },
    async (request) => {
      const { page, limit, ...filters } = request.query;
      const { invoices, total } = await listInvoices(platform.db, request.auth!.hospitalId, filters, page, limit);
      return success({ invoices, pagination: paginationOf(page, limit, total) });
    },
  );

  app.post(
    '/billing/invoices',
    {
      onRequest: billing,
      config: BILLING_MODULE,
      schema: {
        tags,
        security,
        summary: 'Make an invoice by hand (prices in naira)',
        body: manualInvoiceBody,
        response: { 201: ok(z.object({ invoice: invoiceDetailSchema })) },
      },
    },
    async (request, reply) => {
      const { patientId, lines } = request.body;
      const invoice = await raiseManualInvoice(platform, platform.metadataFor(request), {
        patientId,
        lines: lines.map((l) => ({
          kind: l.kind,
          description: l.description,
          quantity: l.quantity,
          unitPriceKobo: l.unitPrice,
        })),
      });
      return reply.code(201).send(success({ invoice }, 'Invoice created'));
    },
  );

  app.get(
    invoiceEndpoint.path,
    {
      onRequest: billing,
      config: { ...BILLING_MODULE, audit: { ...invoiceAudit.audit, reads: true, patientIds: patientIdsIn } },
      schema: {
        tags,
        security,
        summary: 'An invoice with its lines and payments',
        params: invoiceEndpoint.params,
        response: { 200: invoiceEndpoint.response },
      },
    },
    async (request) =>
      success({
        invoice: await afterInvoicing(platform, () =>
          invoiceWithPayments(platform, request.auth!.hospitalId, request.params.id),
        ),
      }),
  );

  app.post(
    voidInvoiceEndpoint.path,
    {
      onRequest: billing,
      config: { ...invoiceAudit, ...BILLING_MODULE },
      schema: {
        tags,
        security,
        summary: 'Void an invoice with a reason',
        params: voidInvoiceEndpoint.params,
        body: voidBody,
        response: { 200: voidInvoiceEndpoint.response },
      },
    },
    async (request) => {
      const metadata = platform.metadataFor(request);
      const invoice = await afterInvoicing(platform, () =>
        voidInvoice(platform, metadata, request.params.id, request.body.reason),
      );
      return success({ invoice }, 'Invoice voided');
    },
  );

  app.post(
    recordPaymentEndpoint.path,
    {
      onRequest: billing,
      config: { ...invoiceAudit, ...BILLING_MODULE },
      schema: {
        tags,
        security,
        summary: 'Record a payment (naira); an Idempotency-Key header makes a retry count once',
        params: recordPaymentEndpoint.params,
        headers: idempotencyHeaders,
        body: paymentBody,
        response: { 201: recordPaymentEndpoint.response, 200: recordPaymentEndpoint.response },
      },
    },
    async (request, reply) => {
      const { amount, method, reference } = request.body;
      const metadata = platform.metadataFor(request);
      const { payment, replayed } = await afterInvoicing(platform, () =>
        recordPayment(platform, metadata, request.params.id, {
          amountKobo: amount,
          method,
          reference,
          idempotencyKey: request.headers['idempotency-key'] ?? null,
        }),
      );
      const { invoice: _invoice, ...paid } = payment;
      const invoice = await invoiceWithPayments(platform, metadata.hospitalId, request.params.id);
      return reply
        .code(replayed ? 200 : 201)
        .send(success({ payment: paid, invoice }, replayed ? 'Payment already recorded' : 'Payment recorded'));
    },
  );

  app.get(
    paymentsEndpoint.path,
    {
      onRequest: billing,
      config: { ...BILLING_MODULE, audit: listRead('payment', 'ledger') },
      schema: {
        tags,
        security,
        summary: 'The payments ledger with totals per day per method (the cash-up)',
        querystring: paymentListQuery,
        response: { 200: paymentsEndpoint.response },
      },
    },
    async (request) => {
      const { page, limit, ...filters } = request.query;
      const { payments, total, totalKobo, days } = await listPayments(
        platform.db,
        request.auth!.hospitalId,
        filters,
        page,
        limit,
      );
      return success({ payments, pagination: paginationOf(page, limit, total), totalKobo, days });
    },
  );

  app.get(
    receiptEndpoint.path,
    {
      onRequest: billing,
      config: {
        ...BILLING_MODULE,
        audit: { subject: 'payment', idParam: 'id', what: 'receipt', patientIds: patientIdsIn },
      },
      schema: {
        tags,
        security,
        summary: 'A payment and its invoice: the receipt',
        params: receiptEndpoint.params,
        response: { 200: receiptEndpoint.response },
      },
    },
    async (request) => {
      const receipt = await findPayment(platform.db, request.auth!.hospitalId, request.params.id);
      if (!receipt) throw new PaymentNotFound();
      return success({ receipt });
    },
  );

  app.get(
    billingDashboardEndpoint.path,
    {
      onRequest: billing,
      config: BILLING_MODULE,
      schema: {
        tags,
        security,
        summary: "Key metrics (the hospital's days, in its time zone) and the last 30 days' payments by method",
        response: { 200: billingDashboardEndpoint.response },
      },
    },
    async (request) => {
      const { hospitalId } = request.auth!;
      const today = await hospitalToday(platform.db, hospitalId);
      const [metrics, series] = await Promise.all([
        billingMetrics(platform.db, hospitalId, today),
        paymentsPerDay(platform.db, hospitalId, today),
      ]);
      return success({ metrics, paymentsPerDay: series });
    },
  );

  app.get(
    billingActivityEndpoint.path,
    {
      onRequest: billing,
      config: { ...BILLING_MODULE, audit: listRead('billing', 'activity') },
      schema: {
        tags,
        security,
        summary: 'Recent billing activity, newest first',
        querystring: z.object(pageQuery),
        response: { 200: billingActivityEndpoint.response },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { activities, total } = await recentActivity(platform.db, request.auth!.hospitalId, page, limit);
      return success({ activities, pagination: paginationOf(page, limit, total) });
    },
  );
}
