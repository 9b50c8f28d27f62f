import { csvAnswer } from '../../platform/http/csv';
import { listRead, patientIdsIn } from '../../platform/http/access-trail';
import { success } from '../../platform/http/envelope';
import type { HttpApp, Platform } from '../../platform/platform';
import { claimCsv, settleClaim, submitClaim } from './commands/claims';
import { ClaimNotFound } from './errors';
import { claimBody, claimListQuery, settleBody } from './hmo-schemas';
import { findClaim, listClaims } from './read-models/hmo-queries';
import { BILLING_MODULE, BILLING_ONLY, BILLING_ROLES } from './roles';
import { idParams } from './schemas';
import { claimEndpoint, claimsEndpoint, settleClaimEndpoint, submitClaimEndpoint } from '../../shared/api/billing';

/** Monthly HMO claims: submitted → paid (in full or part) | rejected, per item; a CSV for the HMO. */
export function claimRoutes(app: HttpApp, platform: Platform) {
  const billing = platform.auth(BILLING_ROLES, BILLING_ONLY);
  const security = [{ bearer: [] }];
  const tags = ['Billing'];
  const audit = { audit: { subject: 'claim', idParam: 'id', what: 'claim', reads: false } };

  app.get(
    claimsEndpoint.path,
    {
      onRequest: billing,
      config: { ...BILLING_MODULE, audit: listRead('claim', 'list') },
      schema: {
        tags,
        security,
        summary: 'Claims, newest first, by HMO or status',
        querystring: claimListQuery,
        response: { 200: claimsEndpoint.response },
      },
    },
    async (request) => success({ claims: await listClaims(platform.db, request.auth!.hospitalId, request.query) }),
  );

  app.post(
    submitClaimEndpoint.path,
    {
      onRequest: billing,
      config: BILLING_MODULE,
      schema: {
        tags,
        security,
        summary: "Claim an HMO's unclaimed shares of a month's invoices (month YYYY-MM)",
        body: claimBody,
        response: { 201: submitClaimEndpoint.response },
      },
    },
    async (request, reply) => {
      const claim = await submitClaim(platform, platform.metadataFor(request), request.body.hmoId, request.body.month);
      return reply.code(201).send(success({ claim }, 'Claim submitted'));
    },
  );

  app.get(
    claimEndpoint.path,
    {
      onRequest: billing,
      config: { ...BILLING_MODULE, audit: { ...audit.audit, reads: true, patientIds: patientIdsIn } },
      schema: {
        tags,
        security,
        summary: 'A claim and its items',
        params: claimEndpoint.params,
        response: { 200: claimEndpoint.response },
      },
    },
    async (request) => {
      const claim = await findClaim(platform.db, request.auth!.hospitalId, request.params.id);
      if (!claim) throw new ClaimNotFound();
      return success({ claim });
    },
  );

  app.post(
    settleClaimEndpoint.path,
    {
      onRequest: billing,
      config: { ...audit, ...BILLING_MODULE },
      schema: {
        tags,
        security,
        summary: "Record the HMO's answer: items not listed paid in full; a listed item's paid amount and reason",
        params: settleClaimEndpoint.params,
        body: settleBody,
        response: { 200: settleClaimEndpoint.response },
      },
    },
    async (request) => {
      const claim = await settleClaim(
        platform,
        platform.metadataFor(request),
        request.params.id,
        request.body.items.map((i) => ({ invoiceId: i.invoiceId, paidKobo: i.paid, reason: i.reason })),
      );
      return success({ claim }, 'Claim settled');
    },
  );

  app.get(
    '/billing/claims/:id/csv',
    {
      onRequest: billing,
      config: { ...BILLING_MODULE, audit: { ...audit.audit, what: 'CSV', reads: true, patientIds: 'handler' } },
      schema: {
        tags,
        security,
        summary: 'The claim as CSV, for the HMO',
        params: idParams,
        response: { 200: csvAnswer('The claim, one line per invoice') },
      },
    },
    async (request, reply) => {
      const claim = await findClaim(platform.db, request.auth!.hospitalId, request.params.id);
      if (!claim) throw new ClaimNotFound();
      request.auditPatients = patientIdsIn(claim);
      return reply
        .headers({
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="${claim.claimNumber}-${claim.month}.csv"`,
          'cache-control': 'no-store',
        })
        .send(claimCsv(claim));
    },
  );
}
